import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import {
  clearing,
  lockStudentYear,
  post,
  postMany,
  receivable,
  refundsPayable,
  revenue,
  type Posted,
  type Posting,
} from './ledger';

/**
 * What each student owes follows from their enrolments: a student on the roster (access status LOCKED or above) of a
 * normal (N) class owes the price of that class's feature set at their school for the class's year. Complimentary
 * (C) and trial (TT, ST) classes are free.
 *
 * `syncCharges` compares that with what the ledger has charged per student and class, and posts the difference: a
 * charge when a student joins a paid class (or its price goes up), a credit when they leave it (or it goes down).
 * Moving between two classes of the same price therefore nets out. It is idempotent: run twice, it posts nothing
 * the second time, so every place that changes enrolments or prices just calls it.
 *
 * Then `normaliseStudents` keeps each student's balance in one place: a receivable below zero (they paid for a class
 * they left) moves to refunds payable; money owed back is applied to a new charge before it is refunded.
 */

export interface SyncScope {
  schoolId: number;
  calendarYear: number;
  /** Only these students; all of the school's students for the year when absent. */
  profileIds?: readonly number[];
  at: Date;
  actorUserId?: number | null;
}

export interface SyncResult {
  charged: number;
  credited: number;
  /** Students whose balance moved. */
  profileIds: number[];
}

function profileFilter(column: string, ids: readonly number[] | undefined) {
  if (!ids) return sql``;
  if (ids.length === 0) return sql` and false`;
  return sql` and ${sql.raw(column)} = any(${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[])`;
}

/** Posts the charges and credits that bring the ledger in line with enrolments and prices. */
export async function syncCharges(db: Executor, scope: SyncScope): Promise<SyncResult> {
  const { schoolId, calendarYear } = scope;
  // One sync per school and year at a time: the sequence numbers in the keys below are read, then written.
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`ledger-sync:${schoolId}:${calendarYear}`}, 0))`,
  );
  const { rows } = await db.execute<{
    profile_id: number;
    class_id: number;
    currency: string;
    desired: number;
    posted: string;
    n: string;
  }>(sql`
    with desired as (
      select e.profile_id, c.id as class_id, p.currency, p.price_cents
        from enrolments e
        join school_classes c on c.id = e.class_id
        join class_products p on p.school_id = c.school_id and p.calendar_year = c.calendar_year
                             and p.feature = c.features
       where c.school_id = ${schoolId} and c.calendar_year = ${calendarYear} and c.class_type = 'N'
         and e.access_status >= 25 and p.price_cents > 0 ${profileFilter('e.profile_id', scope.profileIds)}
    ), posted as (
      select t.profile_id, t.class_id, a.currency, sum(le.amount_cents) as net, count(distinct t.id) as n
        from ledger_transactions t
        join ledger_entries le on le.transaction_id = t.id
        join ledger_accounts a on a.id = le.account_id and a.kind = 'receivable'
       where t.school_id = ${schoolId} and t.calendar_year = ${calendarYear} and t.kind in ('charge', 'credit')
         and t.class_id is not null ${profileFilter('t.profile_id', scope.profileIds)}
       group by t.profile_id, t.class_id, a.currency
    ), counts as (
      select t.profile_id, t.class_id, count(*) as n
        from ledger_transactions t
       where t.school_id = ${schoolId} and t.calendar_year = ${calendarYear} and t.kind in ('charge', 'credit')
         and t.class_id is not null ${profileFilter('t.profile_id', scope.profileIds)}
       group by t.profile_id, t.class_id
    )
    select coalesce(d.profile_id, p.profile_id) as profile_id, coalesce(d.class_id, p.class_id) as class_id,
           coalesce(d.currency, p.currency) as currency, coalesce(d.price_cents, 0) as desired,
           coalesce(p.net, 0) as posted, coalesce(k.n, 0) as n
      from desired d
      full join posted p on p.profile_id = d.profile_id and p.class_id = d.class_id and p.currency = d.currency
      left join counts k on k.profile_id = coalesce(d.profile_id, p.profile_id)
                        and k.class_id = coalesce(d.class_id, p.class_id)
     where coalesce(d.price_cents, 0) <> coalesce(p.net, 0)
     order by 1, 2, 3`);

  // Within one class and student, a currency change gives two rows (credit the old, charge the new): number them.
  const seq = new Map<string, number>();
  const postings: Posting[] = rows.map((r) => {
    const pair = `${r.class_id}:${r.profile_id}`;
    const n = (seq.get(pair) ?? Number(r.n)) + 1;
    seq.set(pair, n);
    const diff = Number(r.desired) - Number(r.posted);
    return {
      kind: diff > 0 ? 'charge' : 'credit',
      idempotencyKey: `class:${r.class_id}:student:${r.profile_id}:${n}`,
      schoolId,
      calendarYear,
      profileId: r.profile_id,
      classId: r.class_id,
      memo: diff > 0 ? 'Class fee' : 'Credit for a class left or repriced',
      createdBy: scope.actorUserId ?? null,
      at: scope.at,
      entries: [
        { account: receivable(schoolId, r.profile_id, calendarYear, r.currency), amountCents: diff },
        { account: revenue(schoolId, calendarYear, r.currency), amountCents: -diff },
      ],
    };
  });
  await postMany(db, postings);
  const touched = [...new Set(rows.map((r) => r.profile_id))];
  await normaliseStudents(db, { schoolId, calendarYear, profileIds: touched, at: scope.at });
  return {
    charged: postings.filter((p) => p.kind === 'charge').length,
    credited: postings.filter((p) => p.kind === 'credit').length,
    profileIds: touched,
  };
}

/**
 * For each student: a receivable below zero moves to refunds payable (a refund owed); a receivable above zero takes
 * what is owed back to them and not already in a refund run (credit applied). Serialised per student and year.
 */
export async function normaliseStudents(
  db: Executor,
  scope: { schoolId: number; calendarYear: number; profileIds: readonly number[]; at: Date },
): Promise<void> {
  if (scope.profileIds.length === 0) return;
  const { schoolId, calendarYear } = scope;
  for (const profileId of [...scope.profileIds].sort((a, b) => a - b)) {
    await lockStudentYear(db, profileId, calendarYear);
  }
  const { rows } = await db.execute<{
    profile_id: number;
    currency: string;
    owing: string;
    owed_back: string;
    reserved: string;
    n: string;
  }>(sql`
    select a.profile_id, a.currency,
           coalesce(sum(le.amount_cents) filter (where a.kind = 'receivable'), 0) as owing,
           -coalesce(sum(le.amount_cents) filter (where a.kind = 'refunds_payable'), 0) as owed_back,
           (select coalesce(sum(r.amount_cents), 0) from refunds r join refund_runs rr on rr.id = r.run_id
             where r.profile_id = a.profile_id and r.calendar_year = ${calendarYear} and r.currency = a.currency
               and r.status in ('draft', 'pending', 'requires_action') and rr.status <> 'canceled') as reserved,
           (select count(*) from ledger_transactions t
             where t.profile_id = a.profile_id and t.calendar_year = ${calendarYear}
               and t.kind in ('refund_owed', 'credit_applied')) as n
      from ledger_accounts a
      left join ledger_entries le on le.account_id = a.id
     where a.school_id = ${schoolId} and a.calendar_year = ${calendarYear}
       and a.kind in ('receivable', 'refunds_payable') ${profileFilter('a.profile_id', scope.profileIds)}
     group by a.profile_id, a.currency
     order by a.profile_id, a.currency`);
  const postings: Posting[] = [];
  const seq = new Map<number, number>();
  for (const r of rows) {
    const owing = Number(r.owing);
    const available = Number(r.owed_back) - Number(r.reserved);
    let move = 0;
    if (owing < 0) move = owing;
    else if (owing > 0 && available > 0) move = Math.min(owing, available);
    if (move === 0) continue;
    const n = (seq.get(r.profile_id) ?? Number(r.n)) + 1;
    seq.set(r.profile_id, n);
    postings.push({
      kind: move < 0 ? 'refund_owed' : 'credit_applied',
      idempotencyKey: `balance:student:${r.profile_id}:${calendarYear}:${n}`,
      schoolId,
      calendarYear,
      profileId: r.profile_id,
      memo: move < 0 ? 'Paid more than owed: refund owed' : 'Money owed back applied to fees',
      at: scope.at,
      entries: [
        // move < 0: receivable up to zero, refunds payable credited; move > 0: the reverse.
        { account: receivable(schoolId, r.profile_id, calendarYear, r.currency), amountCents: -move },
        { account: refundsPayable(schoolId, r.profile_id, calendarYear, r.currency), amountCents: move },
      ],
    });
  }
  await postMany(db, postings);
}

export interface PaymentReceived {
  schoolId: number;
  profileId: number;
  calendarYear: number;
  currency: string;
  amountCents: number;
  provider: string;
  /** The provider's checkout session: one payment per session, however often its webhook arrives. */
  checkoutSessionId: string;
  at: Date;
}

/** Records money received at the provider against a student's fees, once per checkout session. */
export async function recordPayment(db: Executor, p: PaymentReceived): Promise<Posted> {
  await lockStudentYear(db, p.profileId, p.calendarYear);
  const posted = await post(db, {
    kind: 'payment',
    idempotencyKey: `payment:${p.checkoutSessionId}`,
    schoolId: p.schoolId,
    calendarYear: p.calendarYear,
    profileId: p.profileId,
    checkoutSessionId: p.checkoutSessionId,
    memo: 'Payment received',
    at: p.at,
    entries: [
      { account: clearing(p.provider, p.currency), amountCents: p.amountCents },
      { account: receivable(p.schoolId, p.profileId, p.calendarYear, p.currency), amountCents: -p.amountCents },
    ],
  });
  if (posted.created) {
    await normaliseStudents(db, {
      schoolId: p.schoolId,
      calendarYear: p.calendarYear,
      profileIds: [p.profileId],
      at: p.at,
    });
  }
  return posted;
}

export interface RefundSent {
  refundId: number;
  schoolId: number;
  profileId: number;
  calendarYear: number;
  currency: string;
  amountCents: number;
  provider: string;
  at: Date;
  createdBy?: number | null;
}

/** Records a refund the provider has paid out: refunds payable down, money at the provider down. Once per refund. */
export async function recordRefundPaid(db: Executor, r: RefundSent): Promise<Posted> {
  await lockStudentYear(db, r.profileId, r.calendarYear);
  return post(db, {
    kind: 'refund_paid',
    idempotencyKey: `refund:${r.refundId}`,
    schoolId: r.schoolId,
    calendarYear: r.calendarYear,
    profileId: r.profileId,
    refundId: r.refundId,
    memo: 'Refund paid',
    createdBy: r.createdBy ?? null,
    at: r.at,
    entries: [
      { account: refundsPayable(r.schoolId, r.profileId, r.calendarYear, r.currency), amountCents: r.amountCents },
      { account: clearing(r.provider, r.currency), amountCents: -r.amountCents },
    ],
  });
}
