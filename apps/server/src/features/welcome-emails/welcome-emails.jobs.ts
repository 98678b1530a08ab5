import { defineJob, emptyPayload, type EmptyPayload } from '../../platform/jobs';
import { runWelcomeJourney } from './welcome-emails.service';

declare module '../../platform/jobs' {
  interface JobPayloads {
    'welcome-journey': EmptyPayload;
  }
}

/** Sends the welcome journey's due emails, hourly (idempotent: see runWelcomeJourney). */
export const welcomeJourneyJob = defineJob({
  name: 'welcome-journey',
  payload: emptyPayload,
  retry: { limit: 2, delaySeconds: 120, backoff: true },
  expireInSeconds: 30 * 60,
  cron: '41 * * * *',
  pollSeconds: 30,
  maxConcurrency: 1,
  handler: async (_payload, { deps, log }) => {
    const sent = await runWelcomeJourney(deps);
    if (sent) log.info({ sent }, 'welcome journey');
  },
});
