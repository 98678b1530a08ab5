import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { refundsOwedCtes } from './reports.repository';

/** Refunds owed for a year that no unfinished run holds yet, per student and currency. */
export async function refundsAvailable(db: Executor, calendarYear: number) {
  const { rows } = await db.execute<{
    profile_id: number;
    school_id: number;
    currency: string;
    available: string;
  }>(sql`
    ${refundsOwedCtes(calendarYear)}
    select b.profile_id, b.school_id, b.currency, b.owed - coalesce(x.in_runs, 0) as available
      from bal b left join reserved x on x.profile_id = b.profile_id and x.currency = b.currency
     where b.owed - coalesce(x.in_runs, 0) > 0
     order by b.school_id, b.profile_id, b.currency`);
  return rows.map((r) => ({ ...r, available: Number(r.available) }));
}

/**
 * The payments of the given students for a year, newest first, each with what is left to refund on it (its amount
 * less refunds not failed or canceled): refunds are taken from these, never more than a payment's remainder.
 */
export async function refundablePayments(db: Executor, calendarYear: number, profileIds: number[]) {
  if (profileIds.length === 0) return [];
  const { rows } = await db.execute<{
    profile_id: number;
    checkout_session_id: string;
    currency: string;
    provider_payment_id: string | null;
    remaining: string;
  }>(sql`
    select t.profile_id, t.checkout_session_id, cs.currency, cs.provider_payment_id,
           (select sum(le.amount_cents) from ledger_entries le
              join ledger_accounts a on a.id = le.account_id and a.kind = 'clearing'
             where le.transaction_id = t.id)
           - coalesce((select sum(r.amount_cents) from refunds r join refund_runs rr on rr.id = r.run_id
                        where r.checkout_session_id = t.checkout_session_id and rr.status <> 'canceled'
                          and r.status not in ('failed', 'canceled')), 0) as remaining
      from ledger_transactions t
      join checkout_sessions cs on cs.id = t.checkout_session_id
     where t.kind = 'payment' and t.calendar_year = ${calendarYear}
       and t.profile_id = any(${`{${profileIds.map((n) => Math.trunc(n)).join(',')}}`}::int[])
       and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)
     order by t.created_at desc, t.id desc`);
  return rows.map((r) => ({ ...r, remaining: Number(r.remaining) })).filter((r) => r.remaining > 0);
}

export interface RunRow extends Record<string, unknown> {
  id: number;
  calendar_year: number;
  status: 'draft' | 'approved' | 'sending' | 'sent' | 'canceled';
  created_by: number;
  created_by_name: string;
  created_at: string | Date;
  approved_by: number | null;
  approved_by_name: string | null;
  approved_at: string | Date | null;
  sent_at: string | Date | null;
}

const runSelect = sql`
  select rr.id, rr.calendar_year, rr.status, rr.created_by, rr.created_at, rr.approved_by, rr.approved_at, rr.sent_at,
         trim(cu.first_name || ' ' || cu.last_name) as created_by_name,
         trim(au.first_name || ' ' || au.last_name) as approved_by_name
    from refund_runs rr
    join users cu on cu.id = rr.created_by
    left join users au on au.id = rr.approved_by`;

export async function runsOfYear(db: Executor, calendarYear: number): Promise<RunRow[]> {
  const { rows } = await db.execute<RunRow>(
    sql`${runSelect} where rr.calendar_year = ${calendarYear} order by rr.created_at desc, rr.id desc`,
  );
  return rows;
}

export async function findRun(db: Executor, runId: number, forUpdate = false): Promise<RunRow | null> {
  if (forUpdate) await db.execute(sql`select id from refund_runs where id = ${runId} for update`);
  const { rows } = await db.execute<RunRow>(sql`${runSelect} where rr.id = ${runId}`);
  return rows[0] ?? null;
}

export interface RefundRow extends Record<string, unknown> {
  id: number;
  run_id: number;
  school_id: number;
  profile_id: number;
  calendar_year: number;
  school_name: string;
  student_name: string;
  checkout_session_id: string;
  provider_payment_id: string | null;
  amount_cents: number;
  currency: string;
  status: 'draft' | 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  provider_refund_id: string | null;
  failure_reason: string | null;
  idempotency_key: string;
}

/** The refunds of the given runs, with the student's name and school: one query. */
export async function refundsOfRuns(db: Executor, runIds: number[]): Promise<RefundRow[]> {
  if (runIds.length === 0) return [];
  const { rows } = await db.execute<RefundRow>(sql`
    select r.id, r.run_id, r.school_id, r.profile_id, r.calendar_year, s.name as school_name,
           trim(u.first_name || ' ' || u.last_name) as student_name, r.checkout_session_id, cs.provider_payment_id,
           r.amount_cents, r.currency, r.status, r.provider_refund_id, r.failure_reason, r.idempotency_key
      from refunds r
      join profiles p on p.id = r.profile_id
      join users u on u.id = p.user_id
      join schools s on s.id = r.school_id
      join checkout_sessions cs on cs.id = r.checkout_session_id
     where r.run_id = any(${`{${runIds.map((n) => Math.trunc(n)).join(',')}}`}::int[])
     order by lower(s.name), lower(u.last_name), lower(u.first_name), r.id`);
  return rows;
}
