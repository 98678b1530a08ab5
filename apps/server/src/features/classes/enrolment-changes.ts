import type { Executor } from '../../platform/db';

/** Which students' enrolments changed: a school and year, and the students (all of that year's when absent). */
export interface EnrolmentChange {
  schoolId: number;
  calendarYear: number;
  profileIds?: readonly number[];
  at: Date;
  actorUserId?: number | null;
}

type Listener = (tx: Executor, change: EnrolmentChange) => Promise<unknown>;

let listener: Listener | undefined;

/**
 * Names what follows a change of who is in which class, inside the transaction that made it. Payments registers its
 * charge and lock sync here as its module loads (payments/locks.ts), so what students owe follows the roster while
 * the dependency points one way: payments uses classes, classes knows nothing of payments.
 */
export function whenEnrolmentsChange(follow: Listener): void {
  listener = follow;
}

/** Runs what follows an enrolment change (payments' sync of charges and locks) in the caller's transaction. */
export async function enrolmentsChanged(tx: Executor, change: EnrolmentChange): Promise<void> {
  // The app loads payments with every feature, so a missing listener is a wiring bug, never a school without fees.
  if (!listener) throw new Error('No feature follows enrolment changes (payments/locks.ts registers it)');
  await listener(tx, change);
}
