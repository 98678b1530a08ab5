import { defineJob, emptyPayload, type EmptyPayload } from '../../platform/jobs';
import { removeAbandonedUploads } from './video-uploads.service';

declare module '../../platform/jobs' {
  interface JobPayloads {
    'video-uploads-cleanup': EmptyPayload;
  }
}

/** Removes video uploads left unfinished for a day, with their part files or S3 multipart uploads, hourly. */
export const videoUploadsCleanupJob = defineJob({
  name: 'video-uploads-cleanup',
  payload: emptyPayload,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 10 * 60,
  cron: '29 * * * *',
  pollSeconds: 30,
  maxConcurrency: 1,
  handler: async (_payload, { deps, log }) => {
    const removed = await removeAbandonedUploads(deps, log);
    if (removed) log.info({ removed }, 'abandoned video uploads clean-up');
  },
});
