import { z } from 'zod';

/** Staff view of the background job queues (`/content/admin/jobs/`). */
export const jobQueueSchema = z.object({
  name: z.string(),
  /** Waiting to run, or waiting to be retried. */
  queued: z.number().int(),
  active: z.number().int(),
  /** Failed for good recently (kept by pg-boss until archived). */
  failed: z.number().int(),
  /** Failed jobs waiting in the queue's dead-letter queue, listed below. */
  dead_letters: z.number().int(),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;

export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  /** The last error's message (email addresses masked). */
  error: z.string(),
  /** The job's payload with personal data redacted. */
  payload: z.unknown(),
  failed_at: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const jobsOverviewSchema = z.object({
  queues: z.array(jobQueueSchema),
  failed_jobs: z.array(failedJobSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobIdParams = z.object({ id: z.uuid('Not a job id.') });
export const retryJobResponse = z.object({ id: z.string() });
