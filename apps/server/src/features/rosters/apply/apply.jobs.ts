import { z } from 'zod';
import { defineJob } from '../../../platform/jobs';
import { runApply } from './apply.run';

declare module '../../../platform/jobs' {
  interface JobPayloads {
    'roster-apply': { datasetId: number; userId: number; ip: string };
  }
}

/**
 * Applies a roster dataset in one transaction for its school (apply.run.ts, ADR 050). A run that dies (kill -9,
 * a lost connection) changed nothing: once its job expires it is retried, twice; a dataset whose attempts are all
 * used up shows as failed, and staff may retry it. A 10,000-row roster applies in a few seconds, so five minutes
 * without an answer means the process is gone.
 */
export const rosterApplyJob = defineJob({
  name: 'roster-apply',
  payload: z.object({ datasetId: z.number().int(), userId: z.number().int(), ip: z.string().max(100) }),
  retry: { limit: 2, delaySeconds: 10, backoff: false },
  expireInSeconds: 5 * 60,
  // Staff wait on it (the page shows its progress): an idle worker looks every second, not every two.
  pollSeconds: 1,
  handler: async ({ datasetId, userId, ip }, { deps, lastAttempt, progress }) => {
    await runApply(deps, datasetId, userId, ip, { lastAttempt, progress });
  },
});
