import { hasRole } from '../../platform/authz';
import type { Actor } from '../../platform/session';

/**
 * Who may export or erase a student's data: content staff for any student; a school admin only when they teach
 * (hold a teacher profile) at every school where the student has a profile, so one school cannot read or erase
 * what a student did at another. `studentSchoolIds` are the student's schools, `actorTeachingSchoolIds` the
 * schools where the actor teaches.
 */
export function canManageStudentData(
  actor: Actor,
  studentSchoolIds: readonly number[],
  actorTeachingSchoolIds: readonly number[],
): boolean {
  if (hasRole(actor, 'content_admin')) return true;
  if (!hasRole(actor, 'school_admin') || studentSchoolIds.length === 0) return false;
  return studentSchoolIds.every((id) => actorTeachingSchoolIds.includes(id));
}
