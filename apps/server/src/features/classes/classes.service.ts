import type { AccessStatus } from '@banksia/contracts/classes';
import { displayDate, expiryEffect } from '@banksia/contracts/rules/class-expiry';
import { authorize, can } from '../../platform/authorize';
import { hasRole } from '../../platform/authz';
// The class.* rules are defined as classes.policy loads: every user of loadClassAccess comes through here.
import './classes.policy';
import type { ClassAccess } from './classes.policy';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import * as repo from './classes.repository';

export type { ClassAccess, ClassRow } from './classes.policy';

/**
 * Loads a class and the actor's standing in it; 404 when the class does not exist. Every class route comes through
 * here, so this is where expiry applies: an expired normal class closes to its students (403 class_expired; its
 * teachers, school admins and staff still open it, to see the work and to extend it), and an expired trial class
 * (TT, ST) becomes read-only to everyone: a request that changes state is refused (403 class_read_only). A student
 * whose enrolment is LOCKED (unpaid fees past the due date) gets 402 payment_required; teachers are unaffected.
 */
export async function loadClassAccess(deps: AppDeps, actor: Actor, classId: number): Promise<ClassAccess> {
  const found = await repo.findClassWithStanding(deps.db, actor.userId, classId);
  if (!found) throw new AppError('not_found', 'No such class.');
  const { teaches, teaches_at_school, student_profile_id: studentProfileId, locked, ...klass } = found;
  const access = {
    klass,
    studentProfileId,
    teaches,
    schoolAdmin: teaches_at_school && hasRole(actor, 'school_admin'),
    staff: hasRole(actor, 'content_admin', 'roster_admin'),
  };
  const effect = expiryEffect(klass.class_type, klass.expiration_date, deps.clock.now(), klass.time_zone);
  if (effect === 'read_only' && actor.writes) {
    throw new AppError(
      'class_read_only',
      `This trial ended on ${displayDate(klass.expiration_date!)}: its work can be read but no longer changed.`,
    );
  }
  if (effect === 'closed_to_students' && studentProfileId !== null && !can(actor, 'class.teach', access)) {
    throw new AppError(
      'class_expired',
      `This class ended on ${displayDate(klass.expiration_date!)}. Ask your teacher if you still need it.`,
    );
  }
  if (locked && studentProfileId !== null && !can(actor, 'class.teach', access)) {
    // A student's enrolment is LOCKED (25) when their fees are unpaid past the school's due date (payments/locks.ts).
    throw new AppError(
      'payment_required',
      `${klass.title} is locked because its fees for ${klass.calendar_year} are unpaid. Pay them on the Payment page (/payment/) and it opens again at once.`,
    );
  }
  return access;
}

/**
 * Sets the access status of enrolments of one school (the classes feature owns the enrolments table; payments locks
 * and reopens classes through here). `onlyFrom`, when given, changes only enrolments whose status is still that one
 * (a lock released after a roster removed the student leaves REMOVED alone). Answers the ids that changed.
 */
export async function setEnrolmentStatuses(
  db: Executor,
  schoolId: number,
  changes: readonly { enrolmentId: number; status: AccessStatus; onlyFrom?: AccessStatus }[],
  at: Date,
): Promise<number[]> {
  return repo.setEnrolmentStatuses(db, schoolId, changes, at);
}

/** A class with its whole roster, for the class detail page: its teachers, its school's admins and staff (403). */
export async function classDetail(deps: AppDeps, actor: Actor, classId: number) {
  const klass = await repo.findClassWithStanding(deps.db, actor.userId, classId);
  if (!klass) throw new AppError('not_found', 'No such class.');
  authorize(actor, 'class.detail', klass);
  return { klass, enrolments: await repo.enrolmentsOf(deps.db, klass.id, klass.school_id) };
}
