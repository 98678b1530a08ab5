import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

export interface SchoolProductsRow extends Record<string, unknown> {
  school_id: number;
  school_name: string;
  prices: Record<string, number> | null;
  currency: string | null;
  due_date: string | null;
  locks_unpaid: boolean | null;
  note: string | null;
  lock_item_id: number | null;
  paying_students: number;
  locked_students: number;
  updated_at: string | null;
}

/** Every school (or one) with its prices, lock list item and counts for a year, in one query. */
export async function schoolProducts(
  db: Executor,
  calendarYear: number,
  schoolId?: number,
): Promise<SchoolProductsRow[]> {
  const { rows } = await db.execute<SchoolProductsRow>(sql`
    select s.id as school_id, s.name as school_name,
           (select jsonb_object_agg(p.feature, p.price_cents) from class_products p
             where p.school_id = s.id and p.calendar_year = ${calendarYear}) as prices,
           (select min(p.currency) from class_products p
             where p.school_id = s.id and p.calendar_year = ${calendarYear}) as currency,
           li.id as lock_item_id, li.due_date::text as due_date, li.locks_unpaid, li.note,
           (select count(distinct e.profile_id)::int from enrolments e
              join school_classes c on c.id = e.class_id and c.school_id = e.school_id
              join class_products p on p.school_id = c.school_id and p.calendar_year = c.calendar_year
                                   and p.feature = c.features and p.price_cents > 0
             where c.school_id = s.id and c.calendar_year = ${calendarYear} and c.class_type = 'N'
               and e.access_status >= 25) as paying_students,
           (select count(distinct e.profile_id)::int from payment_locks pl
              join enrolments e on e.id = pl.enrolment_id
              join school_classes c on c.id = e.class_id
             where pl.school_id = s.id and c.calendar_year = ${calendarYear}) as locked_students,
           greatest(li.updated_at, (select max(p.updated_at) from class_products p
             where p.school_id = s.id and p.calendar_year = ${calendarYear})) as updated_at
      from schools s
      left join payment_lock_list_items li on li.school_id = s.id and li.calendar_year = ${calendarYear}
     where ${schoolId === undefined ? sql`true` : sql`s.id = ${schoolId}`}
     order by lower(s.name), s.id`);
  return rows;
}

/** Roster places (enrolments on the roster) of a school's classes in a year: how big a charge sync would be. */
export async function rosterSize(db: Executor, schoolId: number, calendarYear: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from enrolments e join school_classes c on c.id = e.class_id
     where c.school_id = ${schoolId} and c.calendar_year = ${calendarYear} and e.access_status >= 25`);
  return rows[0]?.n ?? 0;
}

export async function lockSchoolYear(db: Executor, schoolId: number, calendarYear: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`products:${schoolId}:${calendarYear}`}, 0))`);
}
