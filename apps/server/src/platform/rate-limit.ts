import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import { rateLimitHits } from '../db/schema/index';
import type { Executor } from './db';
import { defineJob, emptyPayload, type EmptyPayload } from './jobs';

declare module './jobs' {
  interface JobPayloads {
    'rate-limit-cleanup': EmptyPayload;
  }
}

/** The longest window a rate limit may use: older hits are deleted by the clean-up job. */
export const MAX_RATE_LIMIT_WINDOW_MS = 24 * 3_600_000;

export interface RateLimit {
  /** The action and what is counted, e.g. `password-reset:ip`. */
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one request of `key` against a limit kept in PostgreSQL (so it holds across app servers). Answers 0 and
 * records the request when it is within the limit, or the seconds until it would be (and records nothing).
 * Two requests at the same instant may both pass the last free slot: a soft limit, enough against abuse.
 */
export async function consumeRateLimit(db: Executor, rule: RateLimit, key: string, now: Date): Promise<number> {
  if (rule.windowMs > MAX_RATE_LIMIT_WINDOW_MS) throw new Error(`Rate limit window of ${rule.bucket} is too long`);
  const since = new Date(now.getTime() - rule.windowMs);
  const [used] = await db
    .select({ n: count(), oldest: min(rateLimitHits.at) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)));
  if (used && used.n >= rule.limit && used.oldest) {
    const freeAt = new Date(used.oldest).getTime() + rule.windowMs;
    return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  }
  await db.insert(rateLimitHits).values({ bucket: rule.bucket, key, at: now });
  return 0;
}

/** Deletes rate-limit hits older than the longest window, hourly. */
export const rateLimitCleanupJob = defineJob({
  name: 'rate-limit-cleanup',
  payload: emptyPayload,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 10 * 60,
  cron: '23 * * * *',
  pollSeconds: 30,
  maxConcurrency: 1,
  handler: async (_payload, { deps }) => {
    const before = new Date(deps.clock.now().getTime() - MAX_RATE_LIMIT_WINDOW_MS);
    await deps.db.delete(rateLimitHits).where(lt(rateLimitHits.at, before));
  },
});
