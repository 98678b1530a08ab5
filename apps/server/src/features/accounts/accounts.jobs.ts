import { lt } from 'drizzle-orm';
import { SIGN_IN_RETENTION_DAYS } from '@banksia/contracts/accounts';
import { loginFailures, signIns } from '../../db/schema/index';
import type { AppDeps } from '../../platform/deps';
import { defineJob, emptyPayload, type EmptyPayload } from '../../platform/jobs';
import { LOGIN_WINDOW_MS } from './login-throttle';

declare module '../../platform/jobs' {
  interface JobPayloads {
    'login-failures-cleanup': EmptyPayload;
    'sign-ins-cleanup': EmptyPayload;
  }
}

/** Sign-in failures are kept a day (well past the throttle's window, in case it grows), then deleted. */
export const LOGIN_FAILURE_RETENTION_MS = Math.max(LOGIN_WINDOW_MS, 24 * 3_600_000);

/** Deletes sign-in failures past their retention, hourly. */
export const loginFailuresCleanupJob = defineJob({
  name: 'login-failures-cleanup',
  payload: emptyPayload,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 10 * 60,
  cron: '11 * * * *',
  pollSeconds: 30,
  maxConcurrency: 1,
  handler: async (_payload, { deps, log }) => {
    const before = new Date(deps.clock.now().getTime() - LOGIN_FAILURE_RETENTION_MS);
    const deleted = await deps.db
      .delete(loginFailures)
      .where(lt(loginFailures.at, before))
      .returning({ id: loginFailures.id });
    if (deleted.length) log.info({ deleted: deleted.length }, 'sign-in failures clean-up');
  },
});

/** Deletes sign-in history older than SIGN_IN_RETENTION_DAYS, daily. */
export const signInsCleanupJob = defineJob({
  name: 'sign-ins-cleanup',
  payload: emptyPayload,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 10 * 60,
  cron: '23 3 * * *',
  pollSeconds: 30,
  maxConcurrency: 1,
  handler: async (_payload, { deps, log }) => {
    const deleted = await deleteOldSignIns(deps);
    if (deleted) log.info({ deleted }, 'sign-in history clean-up');
  },
});

/** Deletes sign-in attempts past their retention; how many. */
export async function deleteOldSignIns(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - SIGN_IN_RETENTION_DAYS * 86_400_000);
  const deleted = await deps.db.delete(signIns).where(lt(signIns.at, before)).returning({ id: signIns.id });
  return deleted.length;
}
