import { defineJob, emptyPayload, type EmptyPayload } from '../../platform/jobs';
import { runLocks } from './locks.service';

declare module '../../platform/jobs' {
  interface JobPayloads {
    'payment-locks': EmptyPayload;
  }
}

/**
 * Locks unpaid classes after their school's due date (and releases stale locks). Each school's day ends at its own
 * midnight (ADR 048), so the job runs hourly: shortly after midnight wherever a school is, its items lock; the other
 * runs of the day find nothing to do.
 */
export const paymentLocksJob = defineJob({
  name: 'payment-locks',
  payload: emptyPayload,
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 30 * 60,
  cron: '7 * * * *',
  pollSeconds: 60,
  maxConcurrency: 1,
  handler: async (_payload, { deps, log }) => {
    const result = await runLocks(deps);
    if (result.locked || result.released) log.info(result, 'payment locks');
  },
});
