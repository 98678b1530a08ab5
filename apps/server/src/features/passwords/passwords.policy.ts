import { definePolicy } from '../../platform/authorize';
import { hasRole } from '../../platform/authz';

/** A user to be sent a new invitation, as the actor stands to them: the user's schools where the actor teaches. */
export interface InvitationTarget {
  sharedSchoolIds: readonly number[];
}

declare module '../../platform/authorize' {
  interface PolicyActions {
    /** Send a user a new set-password invitation. */
    'user.resend-invitation': InvitationTarget;
  }
}

definePolicy({
  // Content admins for anyone; a school admin for users of a school where the admin teaches (holds a teacher profile).
  'user.resend-invitation': (actor, target) =>
    hasRole(actor, 'content_admin') || (hasRole(actor, 'school_admin') && target.sharedSchoolIds.length > 0),
});
