import { definePolicy } from '../../platform/authorize';
import { hasRole } from '../../platform/authz';

/** The school a connection belongs to: what deciding on a connection needs. */
export interface SsoConnectionScope {
  schoolId: number;
}

declare module '../../platform/authorize' {
  interface PolicyActions {
    /** Create, change or delete a school's SSO connections, and read their settings: content staff. */
    'sso.manage': SsoConnectionScope;
  }
}

definePolicy({
  'sso.manage': (actor) => hasRole(actor, 'content_admin'),
});
