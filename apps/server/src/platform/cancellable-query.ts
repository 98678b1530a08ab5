import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './db';
import { AppError } from './errors';

export interface QueryLimits {
  /** Cancels the query when it fires (the client went away). */
  signal?: AbortSignal | undefined;
  /** Cancels the query once it has run this long; the request is then answered 503. */
  timeoutMs?: number | undefined;
}

/** How often, and how many times, a cancel is retried while the query has not reached the server yet. */
const CANCEL_RETRY_MS = 25;
const CANCEL_ATTEMPTS = 40;

/**
 * Asks the server to cancel the statements carrying `marker` (pg_cancel_backend, from another pooled connection):
 * the number of backends told.
 */
async function cancelMarked(db: Executor, marker: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*) filter (where pg_cancel_backend(pid))::int as n from pg_stat_activity
    where pid <> pg_backend_pid() and state = 'active' and position(${marker} in query) > 0`);
  return rows[0]?.n ?? 0;
}

/**
 * Runs one statement that the server stops working on once `limits.timeoutMs` has passed or `limits.signal` fires.
 * A request whose client has gone away would otherwise keep its query running, and its connection and CPU busy, to
 * the end. The statement carries a random marker in a comment, so another connection can find its backend in
 * pg_stat_activity and cancel it; the statement itself still goes through `db`, as any other. A cancelled statement
 * fails with 57014 (query_canceled); on a timeout this answers 503 with Retry-After.
 */
export async function executeCancellable<T extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
  limits: QueryLimits = {},
) {
  if (!limits.signal && limits.timeoutMs === undefined) return db.execute<T>(query);
  limits.signal?.throwIfAborted();
  const marker = `cancellable:${randomBytes(12).toString('hex')}`;
  let settled = false;
  let why: 'timeout' | 'aborted' | null = null;
  const cancel = (reason: 'timeout' | 'aborted') => {
    if (why || settled) return;
    why = reason;
    void (async () => {
      // Retried while the statement has not shown up yet (it may still wait for a pooled connection).
      for (let i = 0; i < CANCEL_ATTEMPTS && !settled; i++) {
        if ((await cancelMarked(db, marker).catch(() => 0)) > 0) return;
        await sleep(CANCEL_RETRY_MS);
      }
    })();
  };
  const onAbort = () => cancel('aborted');
  limits.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = limits.timeoutMs === undefined ? undefined : setTimeout(() => cancel('timeout'), limits.timeoutMs);
  try {
    return await db.execute<T>(sql`/* ${sql.raw(marker)} */ ${query}`);
  } catch (err) {
    if (why === 'timeout') {
      throw new AppError('service_unavailable', 'This took too long to prepare. Try again shortly.', {
        headers: { 'retry-after': '5' },
      });
    }
    throw err;
  } finally {
    settled = true;
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', onAbort);
  }
}
