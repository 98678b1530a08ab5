import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

export interface OwingRow extends Record<string, unknown> {
  profile_id: number;
  user_id: number;
  school_id: number;
  school_name: string;
  first_name: string;
  last_name: string;
  email: string;
  currency: string;
  owing: string;
  classes: Array<{ class_id: number; title: string; feature: string; charged_cents: number; locked: boolean }>;
}

/**
 * Students owing for a year (positive receivable balances), each with the classes charged to them: one query.
 * Optionally one school.
 */
export async function studentsOwing(db: Executor, calendarYear: number, schoolId?: number): Promise<OwingRow[]> {
  const school = (column: string) => (schoolId === undefined ? sql`` : sql` and ${sql.raw(column)} = ${schoolId}`);
  const { rows } = await db.execute<OwingRow>(sql`
    with bal as (
      select a.profile_id, a.school_id, a.currency, sum(le.amount_cents) as owing
        from ledger_accounts a join ledger_entries le on le.account_id = a.id
       where a.kind = 'receivable' and a.calendar_year = ${calendarYear} ${school('a.school_id')}
       group by a.profile_id, a.school_id, a.currency
      having sum(le.amount_cents) > 0
    ), lines as (
      select t.profile_id, t.class_id, sum(le.amount_cents) as charged
        from ledger_transactions t
        join ledger_entries le on le.transaction_id = t.id
        join ledger_accounts a on a.id = le.account_id and a.kind = 'receivable'
       where t.calendar_year = ${calendarYear} and t.kind in ('charge', 'credit') and t.class_id is not null
         ${school('t.school_id')} and t.profile_id in (select profile_id from bal)
       group by t.profile_id, t.class_id
      having sum(le.amount_cents) <> 0
    )
    select b.profile_id, p.user_id, b.school_id, s.name as school_name, u.first_name, u.last_name, u.email,
           b.currency, b.owing,
           coalesce((
             select jsonb_agg(jsonb_build_object(
                      'class_id', c.id, 'title', c.title, 'feature', c.features, 'charged_cents', l.charged,
                      'locked', exists(select 1 from payment_locks pl join enrolments e on e.id = pl.enrolment_id
                                        where e.class_id = c.id and e.profile_id = l.profile_id))
                    order by lower(c.title), c.id)
               from lines l join school_classes c on c.id = l.class_id
              where l.profile_id = b.profile_id), '[]'::jsonb) as classes
      from bal b
      join profiles p on p.id = b.profile_id
      join users u on u.id = p.user_id
      join schools s on s.id = b.school_id
     order by lower(s.name), lower(u.last_name), lower(u.first_name), b.profile_id, b.currency`);
  return rows;
}

export interface RefundOwedRow extends Record<string, unknown> {
  profile_id: number;
  user_id: number;
  school_id: number;
  school_name: string;
  first_name: string;
  last_name: string;
  email: string;
  currency: string;
  owed: string;
  in_runs: string;
}

/**
 * `bal`: each student's refunds payable balance above zero for the year; `reserved`: how much of it unfinished refund
 * runs already hold (`in_runs`). Shared by the refunds-owed report and the refund run draft.
 */
export function refundsOwedCtes(calendarYear: number): SQL {
  return sql`
    with bal as (
      select a.profile_id, a.school_id, a.currency, -sum(le.amount_cents) as owed
        from ledger_accounts a join ledger_entries le on le.account_id = a.id
       where a.kind = 'refunds_payable' and a.calendar_year = ${calendarYear}
       group by a.profile_id, a.school_id, a.currency
      having -sum(le.amount_cents) > 0
    ), reserved as (
      select r.profile_id, r.currency, sum(r.amount_cents) as in_runs
        from refunds r join refund_runs rr on rr.id = r.run_id
       where r.calendar_year = ${calendarYear} and rr.status <> 'canceled'
         and r.status in ('draft', 'pending', 'requires_action')
       group by r.profile_id, r.currency
    )`;
}

/** Refunds owed for a year (refunds payable balances), with what is already in an unfinished refund run: one query. */
export async function refundsOwed(db: Executor, calendarYear: number): Promise<RefundOwedRow[]> {
  const { rows } = await db.execute<RefundOwedRow>(sql`
    ${refundsOwedCtes(calendarYear)}
    select b.profile_id, p.user_id, b.school_id, s.name as school_name, u.first_name, u.last_name, u.email,
           b.currency, b.owed, coalesce(x.in_runs, 0) as in_runs
      from bal b
      join profiles p on p.id = b.profile_id
      join users u on u.id = p.user_id
      join schools s on s.id = b.school_id
      left join reserved x on x.profile_id = b.profile_id and x.currency = b.currency
     order by lower(s.name), lower(u.last_name), lower(u.first_name), b.profile_id, b.currency`);
  return rows;
}
