import { AccessStatus } from '@banksia/contracts/classes';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { setEnrolmentStatuses, whenEnrolmentsChange } from '../classes/index';
import { syncCharges, type SyncResult, type SyncScope } from './charges';

/**
 * Payment locks (docs/payments.md). After the due date of a school's payment lock list item for a year (when it locks
 * unpaid access), a student who still owes for that school and year has their enrolments in priced normal classes
 * moved to LOCKED (25); `payment_locks` keeps the status each had. `loadClassAccess` answers such a student 402
 * payment_required on every class route. Paying (or no longer owing, e.g. after leaving the class) restores the
 * statuses and removes the rows.
 *
 * The enrolment writes go through the classes service, which owns the enrolments table; classes calls back
 * `syncChargesAndLocks` (registered below) whenever a roster changes, without depending on payments.
 */

export interface ApplyLocksScope {
  schoolId?: number;
  calendarYear?: number;
  /** The app's clock: an item locks once the date at `at` in its school's time zone is after its due date. */
  at: Date;
}

export interface ApplyLocksResult {
  locked: number;
  released: number;
}

/**
 * The date at `at` in the time zone of the school `s` (schools, joined by the caller), as SQL: a lock list item's
 * due date is a day of its school (ADR 048), so each school's items lock after its own midnight.
 */
const schoolDateAt = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone s.time_zone)::date`;

function scopeFilter(scope: { schoolId?: number; calendarYear?: number }, school: string, year: string) {
  return sql`${scope.schoolId === undefined ? sql`true` : sql`${sql.raw(school)} = ${scope.schoolId}`} and ${
    scope.calendarYear === undefined ? sql`true` : sql`${sql.raw(year)} = ${scope.calendarYear}`
  }`;
}

/** A student's receivable balance (what they owe) for a school and year, as SQL over `profile`, `school`, `year`. */
const owing = (profile: string, school: string, year: string) => sql`(
  select coalesce(sum(le.amount_cents), 0) from ledger_accounts a join ledger_entries le on le.account_id = a.id
   where a.kind = 'receivable' and a.profile_id = ${sql.raw(profile)} and a.school_id = ${sql.raw(school)}
     and a.calendar_year = ${sql.raw(year)})`;

/**
 * Locks what should be locked and releases what should no longer be, for every school and year in scope (all when
 * not given). Idempotent: a second run changes nothing. Run daily, and whenever a lock list item or a price is saved.
 */
export async function applyLocks(db: Executor, scope: ApplyLocksScope): Promise<ApplyLocksResult> {
  const released = await releaseLocks(db, scope, null, { dueDates: true });
  // Enrolments of students who owe, in priced normal classes of schools whose due date has passed.
  const { rows } = await db.execute<{ id: number; school_id: number; access_status: number }>(sql`
    select e.id, e.school_id, e.access_status
      from payment_lock_list_items li
      join school_classes c on c.school_id = li.school_id and c.calendar_year = li.calendar_year and c.class_type = 'N'
      join class_products p on p.school_id = c.school_id and p.calendar_year = c.calendar_year
                           and p.feature = c.features and p.price_cents > 0
      join enrolments e on e.class_id = c.id and e.school_id = c.school_id and e.access_status > ${AccessStatus.LOCKED}
      join schools s on s.id = li.school_id
     where li.locks_unpaid and li.due_date < ${schoolDateAt(scope.at)}
       and ${scopeFilter(scope, 'li.school_id', 'li.calendar_year')}
       and not exists (select 1 from payment_locks pl where pl.enrolment_id = e.id)
       and ${owing('e.profile_id', 'li.school_id', 'li.calendar_year')} > 0
     order by e.id
     for update of e`);
  if (rows.length === 0) return { locked: 0, released };
  await db.execute(sql`
    insert into payment_locks (enrolment_id, school_id, previous_status, locked_at)
    select x.id, x.school_id, x.access_status, ${scope.at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, school_id int, access_status int)
    on conflict (enrolment_id) do nothing`);
  let locked = 0;
  for (const [schoolId, ids] of groupBy(rows, (r) => r.school_id)) {
    locked += (
      await setEnrolmentStatuses(
        db,
        schoolId,
        ids.map((r) => ({ enrolmentId: r.id, status: AccessStatus.LOCKED })),
        scope.at,
      )
    ).length;
  }
  return { locked, released };
}

export interface ReleaseScope {
  schoolId: number;
  profileId: number;
  calendarYear: number;
  at: Date;
}

/**
 * Reopens a student's locked classes of a school and year once they owe nothing there (call it after a payment or a
 * credit, in the same transaction). Answers how many enrolments reopened.
 */
export async function releasePaidLocks(db: Executor, scope: ReleaseScope): Promise<number> {
  return releaseLocks(db, scope, [scope.profileId], { dueDates: false });
}

/**
 * Releases the locks in scope that should no longer hold: the student owes nothing for the school and year, or the
 * school's lock list item no longer locks (removed, turned off, or its due date moved later).
 */
async function releaseLocks(
  db: Executor,
  scope: { schoolId?: number; calendarYear?: number; at: Date },
  profileIds: readonly number[] | null,
  { dueDates }: { dueDates: boolean },
): Promise<number> {
  const profiles =
    profileIds === null
      ? sql`true`
      : profileIds.length === 0
        ? sql`false`
        : sql`e.profile_id = any(${`{${profileIds.map((n) => Math.trunc(n)).join(',')}}`}::int[])`;
  const itemStillLocks = !dueDates
    ? sql`true`
    : sql`exists (select 1 from payment_lock_list_items li join schools s on s.id = li.school_id
                   where li.school_id = c.school_id and li.calendar_year = c.calendar_year and li.locks_unpaid
                     and li.due_date < ${schoolDateAt(scope.at)})`;
  const { rows } = await db.execute<{ enrolment_id: number; school_id: number; previous_status: number }>(sql`
    select pl.enrolment_id, pl.school_id, pl.previous_status
      from payment_locks pl
      join enrolments e on e.id = pl.enrolment_id
      join school_classes c on c.id = e.class_id
     where ${scopeFilter(scope, 'c.school_id', 'c.calendar_year')} and ${profiles}
       and (not ${itemStillLocks} or ${owing('e.profile_id', 'c.school_id', 'c.calendar_year')} <= 0)
     order by pl.enrolment_id
     for update of pl`);
  if (rows.length === 0) return 0;
  let released = 0;
  for (const [schoolId, locks] of groupBy(rows, (r) => r.school_id)) {
    released += (
      await setEnrolmentStatuses(
        db,
        schoolId,
        locks.map((l) => ({
          enrolmentId: l.enrolment_id,
          status: l.previous_status as AccessStatus,
          onlyFrom: AccessStatus.LOCKED,
        })),
        scope.at,
      )
    ).length;
  }
  await db.execute(sql`
    delete from payment_locks where enrolment_id = any(${`{${rows.map((r) => r.enrolment_id).join(',')}}`}::int[])`);
  return released;
}

/**
 * What every enrolment change calls in its own transaction: `syncCharges` (charges and credits follow the roster),
 * then reopens the classes of students it touched who now owe nothing (a student who left their only unpaid class).
 */
export async function syncChargesAndLocks(db: Executor, scope: SyncScope): Promise<SyncResult> {
  const result = await syncCharges(db, scope);
  if (result.profileIds.length > 0) {
    await releaseLocks(
      db,
      { schoolId: scope.schoolId, calendarYear: scope.calendarYear, at: scope.at },
      result.profileIds,
      { dueDates: false },
    );
  }
  return result;
}

// What students owe follows every change of who is in which class (class list uploads, edits, withdrawals).
whenEnrolmentsChange(syncChargesAndLocks);

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}
