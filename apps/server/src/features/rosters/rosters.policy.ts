import { definePolicy } from '../../platform/authorize';
import { hasRole } from '../../platform/authz';
import type { Actor } from '../../platform/session';

/** How an actor stands at a school whose rosters they would work on (loaded by rosters.service.ts). */
export interface RosterSchoolAccess {
  schoolId: number;
  /** Holds a teacher profile at the school. */
  teachesThere: boolean;
}

declare module '../../platform/authorize' {
  interface PolicyActions {
    /** Upload, review, apply and roll back the school's roster datasets. */
    'rosters.manage': RosterSchoolAccess;
  }
}

/** Roster and content staff work on every school's rosters. */
export const isRosterStaff = (actor: Actor) => hasRole(actor, 'content_admin', 'roster_admin');

definePolicy({
  // Staff on any school; a school admin on the schools where they hold a teacher profile.
  'rosters.manage': (actor, access) => isRosterStaff(actor) || (access.teachesThere && hasRole(actor, 'school_admin')),
});
