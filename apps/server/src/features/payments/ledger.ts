import { sql } from 'drizzle-orm';
import { ledgerEntries, ledgerTransactions, type LedgerAccountKind, type LedgerTransactionKind } from '../../db/schema';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';

/**
 * The double-entry ledger (docs/payments.md). Positive amounts are debits, negative credits; every transaction's
 * entries sum to zero (checked here and again by a deferred trigger at commit), and nothing is ever updated: a
 * correction is a reversal. Every posting carries an idempotency key, so repeating one (a webhook delivered twice, a
 * job retried) posts nothing new.
 *
 * Account balances, in the sign their owner reads them:
 * - receivable (student, year): what the student owes; debit-normal, so sum(entries).
 * - refunds_payable (student, year): what is owed back to the student; credit-normal, so -sum(entries).
 * - revenue (school, year): credit-normal.
 * - clearing (provider): money held at the provider; debit-normal.
 */

export interface AccountRef {
  kind: LedgerAccountKind;
  currency: string;
  schoolId?: number | null;
  profileId?: number | null;
  calendarYear?: number | null;
  provider?: string | null;
}

export interface Posting {
  kind: LedgerTransactionKind;
  idempotencyKey: string;
  schoolId: number;
  calendarYear: number;
  profileId?: number | null;
  classId?: number | null;
  checkoutSessionId?: string | null;
  refundId?: number | null;
  reversesId?: number | null;
  memo?: string;
  createdBy?: number | null;
  at: Date;
  entries: { account: AccountRef; amountCents: number }[];
}

export const receivable = (
  schoolId: number,
  profileId: number,
  calendarYear: number,
  currency: string,
): AccountRef => ({
  kind: 'receivable',
  schoolId,
  profileId,
  calendarYear,
  currency,
});

export const refundsPayable = (
  schoolId: number,
  profileId: number,
  calendarYear: number,
  currency: string,
): AccountRef => ({ kind: 'refunds_payable', schoolId, profileId, calendarYear, currency });

export const revenue = (schoolId: number, calendarYear: number, currency: string): AccountRef => ({
  kind: 'revenue',
  schoolId,
  calendarYear,
  currency,
});

export const clearing = (provider: string, currency: string): AccountRef => ({ kind: 'clearing', provider, currency });

function accountKey(ref: AccountRef): string {
  return [
    ref.kind,
    ref.schoolId ?? '',
    ref.profileId ?? '',
    ref.calendarYear ?? '',
    ref.provider ?? '',
    ref.currency,
  ].join('|');
}

/** The ids of the accounts, each made on first use; two statements however many accounts. */
export async function accountIds(db: Executor, refs: AccountRef[]): Promise<Map<string, number>> {
  const unique = new Map(refs.map((r) => [accountKey(r), r]));
  const ids = new Map<string, number>();
  if (unique.size === 0) return ids;
  const rows = [...unique.values()].map(
    (r) =>
      sql`(${r.kind}, ${r.schoolId ?? null}::int, ${r.profileId ?? null}::int, ${r.calendarYear ?? null}::int, ${r.provider ?? null}::text, ${r.currency})`,
  );
  await db.execute(sql`
    insert into ledger_accounts (kind, school_id, profile_id, calendar_year, provider, currency)
    values ${sql.join(rows, sql`, `)}
    on conflict on constraint ledger_accounts_key do nothing`);
  const { rows: found } = await db.execute<{
    id: number;
    kind: LedgerAccountKind;
    school_id: number | null;
    profile_id: number | null;
    calendar_year: number | null;
    provider: string | null;
    currency: string;
  }>(sql`
    select a.id, a.kind, a.school_id, a.profile_id, a.calendar_year, a.provider, a.currency
      from ledger_accounts a
      join (values ${sql.join(rows, sql`, `)}) as v(kind, school_id, profile_id, calendar_year, provider, currency)
        on a.kind = v.kind and a.school_id is not distinct from v.school_id
       and a.profile_id is not distinct from v.profile_id and a.calendar_year is not distinct from v.calendar_year
       and a.provider is not distinct from v.provider and a.currency = v.currency`);
  for (const a of found) {
    ids.set(
      accountKey({
        kind: a.kind,
        schoolId: a.school_id,
        profileId: a.profile_id,
        calendarYear: a.calendar_year,
        provider: a.provider,
        currency: a.currency,
      }),
      a.id,
    );
  }
  return ids;
}

export interface Posted {
  transactionId: number;
  /** False when the idempotency key had been posted already (nothing new was written). */
  created: boolean;
}

function checkBalanced(p: Posting) {
  const lines = p.entries.filter((e) => e.amountCents !== 0);
  for (const e of lines) {
    if (!Number.isSafeInteger(e.amountCents)) throw new Error(`ledger amounts are whole cents, not ${e.amountCents}`);
  }
  const total = lines.reduce((sum, e) => sum + e.amountCents, 0);
  if (total !== 0 || lines.length < 2) {
    throw new Error(`ledger posting ${p.idempotencyKey} does not balance (sum ${total}, ${lines.length} lines)`);
  }
  return lines;
}

/** Posts a balanced transaction once per idempotency key. */
export async function post(db: Executor, p: Posting): Promise<Posted> {
  const [posted] = await postMany(db, [p]);
  return posted!;
}

/**
 * Posts many balanced transactions in a few statements (however many there are), each once per idempotency key.
 * Answers in the order given.
 */
export async function postMany(db: Executor, postings: Posting[]): Promise<Posted[]> {
  if (postings.length === 0) return [];
  const lines = postings.map(checkBalanced);
  const accounts = await accountIds(
    db,
    lines.flatMap((l) => l.map((e) => e.account)),
  );
  const inserted = await db
    .insert(ledgerTransactions)
    .values(
      postings.map((p) => ({
        kind: p.kind,
        idempotencyKey: p.idempotencyKey,
        schoolId: p.schoolId,
        calendarYear: p.calendarYear,
        profileId: p.profileId ?? null,
        classId: p.classId ?? null,
        checkoutSessionId: p.checkoutSessionId ?? null,
        refundId: p.refundId ?? null,
        reversesId: p.reversesId ?? null,
        memo: p.memo ?? '',
        createdBy: p.createdBy ?? null,
        createdAt: p.at,
      })),
    )
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey });
  const created = new Map(inserted.map((r) => [r.key, r.id]));
  const entries = postings.flatMap((p, i) => {
    const id = created.get(p.idempotencyKey);
    if (id === undefined) return [];
    return lines[i]!.map((e) => ({
      transactionId: id,
      accountId: accounts.get(accountKey(e.account))!,
      amountCents: e.amountCents,
    }));
  });
  if (entries.length > 0) await db.insert(ledgerEntries).values(entries);
  const missing = postings.filter((p) => !created.has(p.idempotencyKey)).map((p) => p.idempotencyKey);
  const existing = new Map<string, number>();
  if (missing.length > 0) {
    const { rows } = await db.execute<{ id: number; idempotency_key: string }>(
      sql`select id, idempotency_key from ledger_transactions where idempotency_key in (${sql.join(
        missing.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
    for (const r of rows) existing.set(r.idempotency_key, r.id);
  }
  return postings.map((p) => {
    const id = created.get(p.idempotencyKey);
    return id !== undefined
      ? { transactionId: id, created: true }
      : { transactionId: existing.get(p.idempotencyKey)!, created: false };
  });
}

/** Posts the mirror image of a transaction, once; the original stays as it was. */
export async function reverse(
  db: Executor,
  transactionId: number,
  options: { at: Date; createdBy?: number | null; memo?: string },
): Promise<Posted> {
  const { rows: original } = await db.execute<{
    school_id: number;
    calendar_year: number;
    profile_id: number | null;
    class_id: number | null;
    kind: string;
  }>(
    sql`select school_id, calendar_year, profile_id, class_id, kind from ledger_transactions where id = ${transactionId}`,
  );
  const t = original[0];
  if (!t) throw new AppError('not_found', 'No such ledger transaction.');
  if (t.kind === 'reversal')
    throw new AppError('conflict', 'A reversal is not itself reversed; post a new transaction.');
  const { rows: entries } = await db.execute<{ account_id: number; amount_cents: string }>(
    sql`select account_id, amount_cents from ledger_entries where transaction_id = ${transactionId}`,
  );
  const key = `reversal:${transactionId}`;
  const [inserted] = await db
    .insert(ledgerTransactions)
    .values({
      kind: 'reversal',
      idempotencyKey: key,
      schoolId: t.school_id,
      calendarYear: t.calendar_year,
      profileId: t.profile_id,
      classId: t.class_id,
      reversesId: transactionId,
      memo: options.memo ?? `Reverses transaction ${transactionId}`,
      createdBy: options.createdBy ?? null,
      createdAt: options.at,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerTransactions.id });
  if (!inserted) {
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from ledger_transactions where idempotency_key = ${key}`,
    );
    return { transactionId: rows[0]!.id, created: false };
  }
  await db.insert(ledgerEntries).values(
    entries.map((e) => ({
      transactionId: inserted.id,
      accountId: e.account_id,
      amountCents: -Number(e.amount_cents),
    })),
  );
  return { transactionId: inserted.id, created: true };
}

export interface StudentBalance {
  profileId: number;
  schoolId: number;
  calendarYear: number;
  currency: string;
  /** What the student owes (receivable balance; never negative once normalised). */
  owingCents: number;
  /** What is owed back to the student (refunds payable). */
  refundOwedCents: number;
}

/** One student's balances for a year (one row per currency; none if nothing was ever posted). */
export async function studentBalances(
  db: Executor,
  profileId: number,
  calendarYear: number,
): Promise<StudentBalance[]> {
  const { rows } = await db.execute<{
    school_id: number;
    currency: string;
    owing: string;
    refund_owed: string;
  }>(sql`
    select a.school_id, a.currency,
           coalesce(sum(e.amount_cents) filter (where a.kind = 'receivable'), 0) as owing,
           -coalesce(sum(e.amount_cents) filter (where a.kind = 'refunds_payable'), 0) as refund_owed
      from ledger_accounts a
      left join ledger_entries e on e.account_id = a.id
     where a.profile_id = ${profileId} and a.calendar_year = ${calendarYear}
     group by a.school_id, a.currency
     order by a.currency`);
  return rows.map((r) => ({
    profileId,
    schoolId: r.school_id,
    calendarYear,
    currency: r.currency,
    owingCents: Number(r.owing),
    refundOwedCents: Number(r.refund_owed),
  }));
}

/** Serialises postings for one student and year inside the caller's transaction (released at commit). */
export async function lockStudentYear(db: Executor, profileId: number, calendarYear: number): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`ledger-student:${profileId}:${calendarYear}`}, 0))`,
  );
}
