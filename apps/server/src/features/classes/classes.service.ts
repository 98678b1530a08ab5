import type { AccessStatus } from '@banksia/contracts/classes';
import { displayDate, expiryEffect } from '@banksia/contracts/rules/class-expiry';
import { hasRole } from '../../platform/authz';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import * as repo from './classes.repository';

export type ClassRow = repo.ClassRecord;

/** How an actor stands in a class; features decide what each standing may do. */
export interface ClassAccess {
  klass: ClassRow;
  /** A student on the roster (access status LOCKED or above), with their profile in the class's school. */
  studentProfileId: number | null;
  teaches: boolean;
  /** Holds the school admin role and a teacher profile at the class's school. */
  schoolAdmin: boolean;
  /** Content or roster staff. */
  staff: boolean;
}

/** Whether the actor may see the class's teacher views (progress of all students, roster). */
export function canTeach(access: ClassAccess): boolean {
  return access.teaches || access.schoolAdmin || access.staff;
}

/** Whether the actor belongs to the class at all (student, teacher, school admin or staff). */
export function isMember(access: ClassAccess): boolean {
  return canTeach(access) || access.studentProfileId !== null;
}

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
  if (effect === 'closed_to_students' && studentProfileId !== null && !canTeach(access)) {
    throw new AppError(
      'class_expired',
      `This class ended on ${displayDate(klass.expiration_date!)}. Ask your teacher if you still need it.`,
    );
  }
  if (locked && studentProfileId !== null && !canTeach(access)) {
    // A student's enrolment is LOCKED (25) when their fees are unpaid past the school's due date (payments/locks.ts).
    throw new AppError(
      'payment_required',
      `${klass.title} is locked because its fees for ${klass.calendar_year} are unpaid. Pay them on the Payment page (/payment/) and it opens again at once.`,
    );
  }
  return access;
}

/** As loadClassAccess, refusing (403) anyone who does not belong to the class. */
export async function requireClassMember(deps: AppDeps, actor: Actor, classId: number): Promise<ClassAccess> {
  const access = await loadClassAccess(deps, actor, classId);
  if (!isMember(access)) throw new AppError('forbidden');
  return access;
}

/** As loadClassAccess, refusing (403) anyone who may not see the class's teacher views. */
export async function requireClassTeacher(deps: AppDeps, actor: Actor, classId: number): Promise<ClassAccess> {
  const access = await loadClassAccess(deps, actor, classId);
  if (!canTeach(access)) throw new AppError('forbidden');
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
