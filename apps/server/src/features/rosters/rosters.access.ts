import { access } from '../../platform/authz';

/** The roster API's base path, and the coarse gate of all its routes and pages (rosters.policy.ts decides per school). */
export const ROSTERS_API = '/api/v1/rosters';

/** Roster uploads and the enrolinator: roster and content staff (any school), school admins (their school). */
export const rostersAccess = { access: access.role('content_admin', 'roster_admin', 'school_admin') };

export const tags = ['rosters'];
