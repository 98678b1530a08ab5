/** What other features and the app may use of passwords: the set-password invitation of a new account. */
export { passwordsRoutes } from './passwords.routes';
export { queueInvitations } from './passwords.service';
export { passwordResetRequestJob, passwordTokensCleanupJob } from './passwords.jobs';
