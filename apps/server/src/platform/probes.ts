import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import { MIGRATIONS_DIR } from './paths';

/** How long a probe waits for the database before answering 503. */
export const PROBE_TIMEOUT_MS = 1_500;

/** The newest migration this build carries (its journal's `when`, which drizzle records as `created_at`). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Runs `work`, or rejects after PROBE_TIMEOUT_MS whatever the database does. */
async function withinProbeTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the database did not answer in time')), PROBE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export type CheckState = 'ok' | 'unavailable' | 'pending' | 'stopped' | 'unknown';

export interface Readiness {
  status: 'ready' | 'unavailable';
  checks: { database: CheckState; migrations: CheckState; jobs: CheckState };
}

/**
 * The process's probes, for a load balancer or an orchestrator (README, Running at scale). Each answers JSON within
 * PROBE_TIMEOUT_MS whatever the database does, 200 or 503 with Retry-After:
 * - /livez: the process is up and its event loop turns (restart it if not); never touches the database.
 * - /readyz: it can serve: the database answers, every migration this build carries is applied, and its job queue
 *   runs (send it traffic if so). A process that is shutting down refuses new connections, so it drops out.
 * - /healthz: the database answers (kept for the load balancers already pointed at it).
 */
export function registerProbes(app: FastifyInstance, deps: AppDeps): void {
  const expected = newestMigration();

  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const checks: Readiness['checks'] = { database: 'unknown', migrations: 'unknown', jobs: 'unknown' };
    try {
      const result = await withinProbeTime(
        deps.db.execute<{ applied: string | null }>(
          sql`select (select max(created_at) from drizzle.__drizzle_migrations)::text as applied`,
        ),
      );
      checks.database = 'ok';
      checks.migrations = Number(result.rows[0]?.applied ?? 0) >= expected ? 'ok' : 'pending';
    } catch (err) {
      request.log.error({ err }, 'readiness: the database did not answer');
      checks.database = 'unavailable';
    }
    checks.jobs = deps.jobs.running ? 'ok' : 'stopped';
    const ready = Object.values(checks).every((state) => state === 'ok');
    const body: Readiness = { status: ready ? 'ready' : 'unavailable', checks };
    if (!ready) void reply.status(503).header('retry-after', '5');
    return body;
  });

  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await withinProbeTime(deps.db.execute(sql`select 1`));
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check: database did not answer');
      return reply.status(503).header('retry-after', '5').send({ status: 'unavailable' });
    }
  });
}
