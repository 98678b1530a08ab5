import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { sessions } from './db/schema/index';
import { jobDefinitions } from './jobs';
import { createUser } from '../test/factories';
import { makeClient, useTestApp } from '../test/harness';
import { flakyJob, hangJob } from '../test/test-jobs';
import { createSession } from './platform/session';
import { deadLetterQueue, JOBS_SCHEMA, Jobs, pgClientOf, type AnyJobDefinition } from './platform/jobs';
import { waitFor as poll } from '../test/processes';

const ctx = useTestApp();
const silent = pino({ level: 'silent' });
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Jobs that run workers in this process, with short intervals; stopped after each test. */
const running: Jobs[] = [];
async function startWorkers(definitions: readonly AnyJobDefinition[]): Promise<Jobs> {
  const jobs = new Jobs({
    pool: pgClientOf(ctx.db) as never,
    definitions,
    log: silent,
    workers: 1,
    boss: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
  });
  running.push(jobs);
  await jobs.start({ ...ctx.deps, jobs });
  return jobs;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((j) => j.stop()));
});

async function query<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
  const { rows } = await (pgClientOf(ctx.db) as pg.Pool).query<T>(text, values);
  return rows;
}

function jobsOf(name: string) {
  return query<{ id: string; state: string; retry_count: number; data: unknown; output: unknown }>(
    `select id, state::text as state, retry_count, data, output from ${JOBS_SCHEMA}.job where name = $1`,
    [name],
  );
}

const waitFor = <T>(check: () => Promise<T>, ms = 15_000) => poll(check, ms);

describe('enqueue', () => {
  it('enqueues in the caller’s transaction: nothing when it rolls back, the job when it commits', async () => {
    const jobs = new Jobs({
      pool: pgClientOf(ctx.db) as never,
      definitions: [flakyJob(async () => {})],
      log: silent,
      workers: 0,
    });
    await jobs.start();
    await expect(
      ctx.db.transaction(async (tx) => {
        await jobs.enqueue('test-flaky', { email: 'a@b.test', n: 1 }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await jobsOf('test-flaky')).toEqual([]);

    await ctx.db.transaction(async (tx) => {
      await jobs.enqueue('test-flaky', { email: 'a@b.test', n: 2 }, { tx });
      // Not visible outside the transaction until it commits.
      expect(await jobsOf('test-flaky')).toEqual([]);
    });
    expect((await jobsOf('test-flaky')).map((j) => j.data)).toEqual([{ email: 'a@b.test', n: 2 }]);
    await query(`delete from ${JOBS_SCHEMA}.job where name = 'test-flaky'`);
    await jobs.stop();
  });

  it('checks the payload against the job’s schema', async () => {
    const jobs = new Jobs({
      pool: pgClientOf(ctx.db) as never,
      definitions: [flakyJob(async () => {})],
      log: silent,
      workers: 0,
    });
    await expect(jobs.enqueue('test-flaky', { email: 'a@b.test', n: 'one' } as never)).rejects.toThrow();
    await expect(jobs.enqueue('no-such-job' as never, {} as never)).rejects.toThrow(/Unknown job/);
  });
});

describe('retries and dead letters', () => {
  let app: FastifyInstance | undefined;
  afterAll(async () => app?.close());

  it('retries a failing handler with growing delays, then parks it in the dead-letter queue for staff to retry', async () => {
    const attempts: { at: number; attempt: number; last: boolean }[] = [];
    const jobs = await startWorkers([
      flakyJob(async (_payload, { attempt, lastAttempt }) => {
        attempts.push({ at: Date.now(), attempt, last: lastAttempt });
        throw new Error('SMTP said no to pupil@school.test');
      }),
    ]);
    await jobs.enqueue('test-flaky', { email: 'pupil@school.test', n: 7 });

    const [dead] = await waitFor(async () => {
      const rows = await jobsOf(deadLetterQueue('test-flaky'));
      return rows.length ? rows : null;
    });
    // The first run and two retries: pg-boss doubles the delay each time (with jitter in the upper half).
    expect(attempts.map((a) => [a.attempt, a.last])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    const [first, second, third] = attempts.map((a) => a.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(third - second).toBeGreaterThanOrEqual(1950);
    const [original] = await jobsOf('test-flaky');
    expect(original).toMatchObject({ state: 'failed', retry_count: 2 });
    expect(dead!.data).toEqual({ email: 'pupil@school.test', n: 7 });

    // The staff view: counts per queue, the failed job with its error and payload, personal data hidden.
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    app = await buildApp({ ...ctx.deps, jobs });
    const client = await ctx.client(admin.id);
    const staff = makeClient(app, client.cookies);
    const overview = await staff.get('/api/v1/admin/jobs/');
    expect(overview.statusCode).toBe(200);
    const body = overview.json();
    expect(body.queues).toEqual([{ name: 'test-flaky', queued: 0, active: 0, failed: 1, dead_letters: 1 }]);
    expect(body.failed_jobs).toEqual([
      {
        id: dead!.id,
        queue: 'test-flaky',
        error: 'SMTP said no to [email]',
        payload: { email: '[redacted]', n: 7 },
        failed_at: expect.any(String),
      },
    ]);
    expect(overview.body).not.toContain('pupil@school.test');

    // Retry: a new job on the original queue with the same payload; the dead letter is gone.
    const retried = await staff.post(`/api/v1/admin/jobs/${dead!.id}/retry/`);
    expect(retried.statusCode).toBe(200);
    expect(await jobsOf(deadLetterQueue('test-flaky'))).toEqual([]);
    const again = await waitFor(async () => (attempts.length === 4 ? attempts : null));
    expect(again[3]!.attempt).toBe(1);
    expect((await staff.post(`/api/v1/admin/jobs/${dead!.id}/retry/`)).statusCode).toBe(404);
    expect((await staff.post('/api/v1/admin/jobs/not-a-uuid/retry/')).statusCode).toBe(400);
  });
});

describe('a worker that dies', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('has its job run once more, by another worker, after the job expires', async () => {
    const runs: string[] = [];
    const handler = async (_payload: { n: number }, { jobId }: { jobId: string }) => {
      runs.push(jobId);
    };
    // Create the queue, then enqueue, with no worker of this process yet.
    const producer = new Jobs({
      pool: pgClientOf(ctx.db) as never,
      definitions: [hangJob(handler)],
      log: silent,
      workers: 0,
    });
    await producer.start();
    const id = await producer.enqueue('test-hang', { n: 1 });

    child = spawn(process.execPath, ['--import', 'tsx', 'test/jobs-child.ts', ctx.databaseUrl], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    await waitFor(async () => out.includes(`taken ${id}`) || (err && child!.exitCode !== null), 30_000);
    expect(out, err).toContain(`taken ${id}`);
    expect((await jobsOf('test-hang'))[0]).toMatchObject({ state: 'active', retry_count: 0 });

    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    // A worker here (supervising, so it expires the dead process's job) picks it up once it has expired.
    await startWorkers([hangJob(handler)]);
    const done = await waitFor(async () => {
      const [job] = await jobsOf('test-hang');
      return job?.state === 'completed' ? job : null;
    });
    expect(done).toMatchObject({ id, retry_count: 1 });
    expect(runs).toEqual([id]);
    await producer.stop();
  }, 40_000);
});

describe('every job', () => {
  it('is retried when a crash interrupts it: its run expires and another attempt follows', () => {
    // A process killed mid-job (kill -9, a lost machine) leaves its job active until expireInSeconds; pg-boss then
    // fails it, and only a retry runs it again. Each handler is safe to run again (one transaction, or idempotent
    // steps: ADR 050), so none may be left with no retry.
    const noRetry = jobDefinitions.filter((d) => d.retry.limit < 1).map((d) => d.name);
    expect(noRetry).toEqual([]);
    for (const d of jobDefinitions) {
      expect(d.expireInSeconds, d.name).toBeGreaterThanOrEqual(60);
      expect(d.expireInSeconds, d.name).toBeLessThanOrEqual(30 * 60);
    }
  });
});

describe('periodic clean-ups', () => {
  it('are cron schedules, registered by a process that runs workers', async () => {
    await startWorkers(jobDefinitions);
    const schedules = await query<{ name: string; cron: string }>(`select name, cron from ${JOBS_SCHEMA}.schedule`);
    expect(Object.fromEntries(schedules.map((s) => [s.name, s.cron]))).toEqual({
      'sessions-cleanup': '*/15 * * * *',
      'login-failures-cleanup': '11 * * * *',
      'rate-limit-cleanup': '23 * * * *',
      'password-tokens-cleanup': '41 3 * * *',
      'outbox-cleanup': '17 3 * * *',
      'video-uploads-cleanup': '29 * * * *',
      'sign-ins-cleanup': '23 3 * * *',
      'welcome-journey': '41 * * * *',
      'payment-locks': '7 * * * *',
    });
  });

  it('delete sessions past their absolute expiry or idle too long, and keep live ones', async () => {
    const user = await createUser(ctx.db);
    const live = await createSession(ctx.deps, user.id);
    ctx.clock.advance(ctx.config.session.idleMs - 60_000);
    const recent = await createSession(ctx.deps, user.id);
    ctx.clock.advance(2 * 60_000);
    // `live` has now been idle longer than the idle timeout; `recent` has not.
    await ctx.jobs.enqueue('sessions-cleanup', {});
    expect(await ctx.jobs.runQueued('sessions-cleanup', ctx.deps)).toBeGreaterThanOrEqual(1);
    const left = (await ctx.db.select({ idHash: sessions.idHash }).from(sessions)).map((s) => s.idHash);
    expect(left).toContain(recent.hash);
    expect(left).not.toContain(live.hash);

    ctx.clock.advance(ctx.config.session.absoluteMs);
    await ctx.jobs.enqueue('sessions-cleanup', {});
    await ctx.jobs.runQueued('sessions-cleanup', ctx.deps);
    expect(await ctx.db.select().from(sessions)).toEqual([]);
  });
});
