import { lt, or } from 'drizzle-orm';
import { sessions } from '../db/schema/index';
import { deleteExpiredIdempotencyKeys } from './idempotency';
import { defineJob, emptyPayload, type EmptyPayload } from './jobs';

declare module './jobs' {
  interface JobPayloads {
    'sessions-cleanup': EmptyPayload;
  }
}

/**
 * Deletes sessions past their absolute expiry or idle for longer than the idle timeout. A request with such a
 * session already ends it (platform/session.ts); this removes the ones nobody comes back with. Also deletes the
 * answers kept for Idempotency-Keys past their 24 hours (platform/idempotency.ts; a session's end takes its own).
 * Every 15 minutes.
 */
export const sessionsCleanupJob = defineJob({
  name: 'sessions-cleanup',
  payload: emptyPayload,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 10 * 60,
  cron: '*/15 * * * *',
  pollSeconds: 30,
  maxConcurrency: 1,
  handler: async (_payload, { deps, log }) => {
    const now = deps.clock.now();
    const idleSince = new Date(now.getTime() - deps.config.session.idleMs);
    const deleted = await deps.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)))
      .returning({ userId: sessions.userId });
    if (deleted.length) log.info({ deleted: deleted.length }, 'sessions clean-up');
    const keys = await deleteExpiredIdempotencyKeys(deps.db, now);
    if (keys) log.info({ deleted: keys }, 'idempotency keys clean-up');
  },
});
