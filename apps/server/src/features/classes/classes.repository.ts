import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** A class as its routes read it, with its course's title. */
export type ClassRecord = {
  id: number;
  school_id: number;
  title: string;
  course_id: number;
  course_title: string;
  class_type: 'N' | 'C' | 'TT' | 'ST';
  features: 'STANDARD' | 'EXTENDED' | 'EXTENDED_TEXTBOOK';
  calendar_year: number;
  expiration_date: string | null;
  activation_code: string | null;
  /** The school's IANA time zone: the class's days (its expiration date) are days there. */
  time_zone: string;
};

/** A class's columns, over `c` (school_classes), `co` (its course) and `s` (its school). */
const CLASS_COLUMNS = sql`c.id, c.school_id, c.title, c.course_id, co.title as course_title, c.class_type, c.features,
  c.calendar_year, c.expiration_date, c.activation_code, s.time_zone`;

export async function findClass(db: Executor, classId: number): Promise<ClassRecord | null> {
  const { rows } = await db.execute<ClassRecord>(sql`
    select ${CLASS_COLUMNS}
    from school_classes c join courses co on co.id = c.course_id join schools s on s.id = c.school_id
    where c.id = ${classId}`);
  return rows[0] ?? null;
}

export type ClassWithStanding = ClassRecord & {
  teaches: boolean;
  teaches_at_school: boolean;
  student_profile_id: number | null;
  locked: boolean;
};

/**
 * A class and how a user stands in it, in one statement (every class route asks both, so one wait for the database
 * instead of three): teacher of it, holder of a teacher profile at its school, and the student profile through which
 * the user is on its roster (access status LOCKED or above; the lowest profile id if more than one) with whether that
 * enrolment is LOCKED. Null when there is no such class.
 */
export async function findClassWithStanding(
  db: Executor,
  userId: number,
  classId: number,
): Promise<ClassWithStanding | null> {
  const { rows } = await db.execute<ClassWithStanding>(sql`
    select ${CLASS_COLUMNS},
      exists(select 1 from class_teachers ct join profiles p on p.id = ct.profile_id
             where ct.class_id = c.id and p.user_id = ${userId}) as teaches,
      exists(select 1 from profiles p where p.user_id = ${userId} and p.school_id = c.school_id
             and p.kind = 'teacher') as teaches_at_school,
      st.profile_id as student_profile_id,
      coalesce(st.locked, false) as locked
    from school_classes c
    join courses co on co.id = c.course_id
    join schools s on s.id = c.school_id
    left join lateral (
      select min(p.id) as profile_id, max(e.access_status) = 25 as locked
      from enrolments e join profiles p on p.id = e.profile_id
      where e.class_id = c.id and p.user_id = ${userId} and e.access_status >= 25
    ) st on true
    where c.id = ${classId}`);
  return rows[0] ?? null;
}

/** Every enrolment of a class with its profile (the raw class detail), scoped by the class's school. */
export async function enrolmentsOf(db: Executor, classId: number, schoolId: number) {
  const { rows } = await db.execute<{
    id: number;
    access_status: 10 | 20 | 25 | 30 | 40 | 50;
    profile_id: number;
    user_id: number;
    first_name: string;
    last_name: string;
    is_active: boolean;
  }>(sql`
    select e.id, e.access_status, p.id as profile_id, u.id as user_id, u.first_name, u.last_name, u.is_active
    from enrolments e
    join profiles p on p.id = e.profile_id
    join users u on u.id = p.user_id
    where e.class_id = ${classId} and e.school_id = ${schoolId}
    order by e.id`);
  return rows;
}

/** Sets enrolments' access status within one school, each only from `onlyFrom` when given; answers the changed ids. */
export async function setEnrolmentStatuses(
  db: Executor,
  schoolId: number,
  changes: readonly { enrolmentId: number; status: number; onlyFrom?: number }[],
  at: Date,
): Promise<number[]> {
  if (changes.length === 0) return [];
  const json = JSON.stringify(
    changes.map((c) => ({ id: c.enrolmentId, status: c.status, only_from: c.onlyFrom ?? null })),
  );
  const { rows } = await db.execute<{ id: number }>(sql`
    update enrolments e set access_status = x.status, updated_at = ${at.toISOString()}::timestamptz
      from jsonb_to_recordset(${json}::jsonb) as x(id int, status int, only_from int)
     where e.id = x.id and e.school_id = ${schoolId} and (x.only_from is null or e.access_status = x.only_from)
       and e.access_status <> x.status
    returning e.id`);
  return rows.map((r) => r.id);
}
