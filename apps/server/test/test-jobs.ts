import { z } from 'zod';
import { defineJob, type JobContext } from '../src/platform/jobs';

/** Jobs that exist only in tests (platform/jobs.test.ts and the child process it kills, jobs-child.ts). */
declare module '../src/platform/jobs' {
  interface JobPayloads {
    'test-flaky': { email: string; n: number };
    'test-hang': { n: number };
  }
}

/** A job whose handler the test supplies, retried twice with back-off from 1 s. */
export function flakyJob(handler: (payload: { email: string; n: number }, context: JobContext) => Promise<void>) {
  return defineJob({
    name: 'test-flaky',
    payload: z.object({ email: z.string(), n: z.number() }),
    retry: { limit: 2, delaySeconds: 1, backoff: true },
    expireInSeconds: 30,
    handler,
  });
}

/** A job that expires 2 s after it starts: a process that took it and died has it retried soon. */
export function hangJob(handler: (payload: { n: number }, context: JobContext) => Promise<void>) {
  return defineJob({
    name: 'test-hang',
    payload: z.object({ n: z.number() }),
    retry: { limit: 2, delaySeconds: 0, backoff: false },
    expireInSeconds: 2,
    handler,
  });
}
