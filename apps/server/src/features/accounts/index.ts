/**
 * What other features may use of accounts. Users are found only through here: a feature that needs a user by email
 * (passwords' set-password links, trials' teacher sign-up) asks accounts rather than reading the users table itself.
 */
export { findUserByEmail, rolesOf } from './accounts.repository';
export { completeSsoSignIn, loadMe, recordSignIn, type RequestMeta } from './accounts.service';
export { accountsRoutes } from './accounts.routes';
export { loginFailuresCleanupJob, signInsCleanupJob } from './accounts.jobs';
