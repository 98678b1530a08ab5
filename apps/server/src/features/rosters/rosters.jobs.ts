import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { runApply } from './rosters.service';

declare module '../../platform/jobs' {
  interface JobPayloads {
    'roster-apply': { datasetId: number; userId: number; ip: string };
  }
}

/** Applies a roster dataset in one transaction for its school (not retried: a failure marks the dataset failed). */
export const rosterApplyJob = defineJob({
  name: 'roster-apply',
  payload: z.object({ datasetId: z.number().int(), userId: z.number().int(), ip: z.string().max(100) }),
  retry: { limit: 0, delaySeconds: 10, backoff: false },
  expireInSeconds: 10 * 60,
  handler: async ({ datasetId, userId, ip }, { deps }) => {
    await runApply(deps, datasetId, userId, ip);
  },
});
