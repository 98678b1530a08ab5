/**
 * What other features may use of accounts. Users are found only through here: a feature that needs a user by email
 * (passwords' set-password links, trials' teacher sign-up) asks accounts rather than reading the users table itself.
 */
export { findUserByEmail } from './accounts.repository';
export { loadMe, recordSignIn } from './accounts.service';
export { accountsRoutes } from './accounts.routes';
export { loginFailuresCleanupJob, signInsCleanupJob } from './accounts.jobs';
