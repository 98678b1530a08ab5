import { paymentLocksJob, paymentsSyncSchoolJob, paymentTestWebhookJob } from './features/payments/index';
import { rosterApplyJob } from './features/rosters/index';
import { videoUploadsCleanupJob } from './features/videos/index';
import { loginFailuresCleanupJob, signInsCleanupJob } from './features/accounts/index';
import { welcomeJourneyJob } from './features/welcome-emails/index';
import { passwordResetRequestJob, passwordTokensCleanupJob } from './features/passwords/index';
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
