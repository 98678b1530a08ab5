import { paymentLocksJob } from './features/payments/locks.jobs';
import { paymentsSyncSchoolJob } from './features/payments/products.jobs';
import { paymentTestWebhookJob } from './features/payments/payments.jobs';
import { rosterApplyJob } from './features/rosters/index';
import { videoUploadsCleanupJob } from './features/videos/videos.jobs';
import { loginFailuresCleanupJob, signInsCleanupJob } from './features/accounts/accounts.jobs';
import { welcomeJourneyJob } from './features/welcome-emails/welcome-emails.jobs';
import { passwordResetRequestJob, passwordTokensCleanupJob } from './features/passwords/passwords.jobs';
import type { AnyJobDefinition } from './platform/jobs';
import { mailSendJob, outboxCleanupJob } from './platform/mail';
import { rateLimitCleanupJob } from './platform/rate-limit';
import { sessionsCleanupJob } from './platform/session-cleanup';

/**
 * Every background job (ADR 006). The app server and `npm run worker` both build their `Jobs` from this list: the
 * app to enqueue (and, unless WORKERS=0, to run them), the worker to run them.
 */
export const jobDefinitions: readonly AnyJobDefinition[] = [
  mailSendJob,
  passwordResetRequestJob,
  sessionsCleanupJob,
  loginFailuresCleanupJob,
  rateLimitCleanupJob,
  passwordTokensCleanupJob,
  outboxCleanupJob,
  rosterApplyJob,
  videoUploadsCleanupJob,
  signInsCleanupJob,
  welcomeJourneyJob,
  paymentLocksJob,
  paymentsSyncSchoolJob,
  paymentTestWebhookJob,
];
