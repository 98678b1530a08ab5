import { hasRole } from '../../platform/authz';
import type { Actor } from '../../platform/session';

/**
 * Who may send a user a new invitation: content admins for anyone; a school admin for users of a school where
 * the admin teaches (holds a teacher profile). `sharedSchoolIds` are the schools of the user where the actor teaches.
 */
export function canResendInvitation(actor: Actor, sharedSchoolIds: readonly number[]): boolean {
  if (hasRole(actor, 'content_admin')) return true;
  return hasRole(actor, 'school_admin') && sharedSchoolIds.length > 0;
}
