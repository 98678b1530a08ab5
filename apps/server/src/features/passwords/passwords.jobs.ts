import { z } from 'zod';
import { defineJob, emptyPayload, type EmptyPayload } from '../../platform/jobs';
import * as repo from './passwords.repository';
import { sendResetLink } from './passwords.service';

declare module '../../platform/jobs' {
  interface JobPayloads {
    'password-reset-request': { email: string; ip: string };
    'password-tokens-cleanup': EmptyPayload;
  }
}

/** A "Forgot password?" request: the link and its email, if an active account uses the address. */
export const passwordResetRequestJob = defineJob({
  name: 'password-reset-request',
  payload: z.object({ email: z.string().max(254), ip: z.string().max(100) }),
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  expireInSeconds: 5 * 60,
  handler: async ({ email, ip }, { deps }) => {
    await sendResetLink(deps, email, ip);
  },
});

/** Links are kept a week past their expiry (for support questions), then deleted; daily. */
export const passwordTokensCleanupJob = defineJob({
  name: 'password-tokens-cleanup',
  payload: emptyPayload,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 10 * 60,
  cron: '41 3 * * *',
  pollSeconds: 30,
  maxConcurrency: 1,
  handler: async (_payload, { deps, log }) => {
    const deleted = await repo.deleteTokensBefore(deps.db, new Date(deps.clock.now().getTime() - 7 * 86_400_000));
    if (deleted) log.info({ deleted }, 'password links clean-up');
  },
});
