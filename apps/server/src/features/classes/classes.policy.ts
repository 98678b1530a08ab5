import { hasRole } from '../../platform/authz';
import type { Actor } from '../../platform/session';

export interface ClassMembership {
  teaches: boolean;
  teaches_at_school: boolean;
}

/** The class detail (full roster, activation link) is for the class's teachers, its school's admins, and staff. */
export function canViewClassDetail(actor: Actor, m: ClassMembership): boolean {
  if (hasRole(actor, 'content_admin', 'roster_admin')) return true;
  if (m.teaches) return true;
  return m.teaches_at_school && hasRole(actor, 'school_admin');
}
