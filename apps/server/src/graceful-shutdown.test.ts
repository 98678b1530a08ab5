import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { killAll, startBuilt, until, untilAnswering, type ServerProcess } from '../test/processes';
import { jobDefinitions } from './jobs';
import { openDatabase } from './platform/db';
import { freePort, isAlive } from './platform/embedded-postgres';
import { embeddedPostgresUrl } from './platform/embedded-postgres-url';
import { JOBS_SCHEMA, Jobs } from './platform/jobs';
import { MAIL_SEND_JOB } from './platform/mail';
import { SESSION_COOKIE } from './platform/session';

/**
 * SIGTERM (an orchestrator's stop, systemd's, `docker stop`) while a request or a job is in flight: the compiled
 * server lets it finish, logs `stopped` and exits 0, with DATABASE_URL and with the embedded database; the worker
 * likewise with a job. The work is held in flight by a table lock taken here and released only after the signal.
 */
const SECRET = 'graceful-shutdown-secret-0123456789abcdef';
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  killAll();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A connection holding an exclusive lock on `table` until `release()`; `waiting()`: statements queued behind it. */
async function lockTable(url: string, table: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in access exclusive mode`);
  return {
    waiting: async () =>
      Number(
        (
          await client.query<{ n: string }>(
            `select count(*) as n from pg_locks where relation = $1::regclass and not granted`,
            [table],
          )
        ).rows[0]!.n,
      ),
    release: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

const logged = (server: ServerProcess, message: string) => server.output().includes(`"msg":"${message}"`);

/**
 * Sends a request whose session lookup waits behind a lock on `sessions`, sends SIGTERM once it waits, and releases
 * the lock only after the server has begun stopping: the request must still be answered.
 */
async function requestAcrossSigterm(server: ServerProcess, url: string, databaseUrl: string) {
  const lock = await lockTable(databaseUrl, 'sessions');
  const answer = fetch(`${url}/api/v1/config/`, { headers: { cookie: `${SESSION_COOKIE}=not-a-session` } });
  await until('the request to wait on the lock', async () => (await lock.waiting()) > 0);
  server.proc.kill('SIGTERM');
  await until('the server to begin stopping', () => logged(server, 'stopping'));
  // Stopping: it takes no new request (a new connection is refused; one kept alive from before is answered 503).
  const late = await fetch(`${url}/livez`).then(
    (r) => r.status,
    () => 'refused',
  );
  expect([503, 'refused']).toContain(late);
  await lock.release();
  const response = await answer;
  expect(response.status).toBe(200);
  expect(await response.json()).toHaveProperty('environment');
  expect(await server.exited).toBe(0);
  expect(logged(server, 'stopped')).toBe(true);
}

describe('graceful shutdown of the compiled server', () => {
  it('with DATABASE_URL: a request in flight at SIGTERM is answered 200, then it logs stopped and exits 0', async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.drop());
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = startBuilt('main.js', {
      DATABASE_URL: database.url,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'banksia-stop-')),
      SECRET_KEY: SECRET,
      WORKERS: '1',
    });
    await untilAnswering(server, url);
    await requestAcrossSigterm(server, url, database.url);
  }, 90_000);

  it('with the embedded database: the same, and the database server stops with it', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'banksia-stop-embedded-'));
    // Run as root, the embedded server runs as the `postgres` user, which must be able to enter the folder.
    chmodSync(dataDir, 0o755);
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const [port, pgPort] = [await freePort(), await freePort()];
    const url = `http://127.0.0.1:${port}`;
    const server = startBuilt('main.js', {
      // Empty is unset: the test run's own DATABASE_URL (CI's server) must not reach this process.
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SECRET_KEY: SECRET,
    });
    await untilAnswering(server, url);
    const pgDir = path.join(dataDir, 'postgres');
    const postmaster = Number(readFileSync(path.join(pgDir, 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0]);
    await requestAcrossSigterm(server, url, (await embeddedPostgresUrl(pgDir, pgPort))!);
    expect(isAlive(postmaster)).toBe(false);
  }, 120_000);

  it('the worker: a job running at SIGTERM finishes, then it logs stopped and exits 0', async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.drop());
    const worker = startBuilt('worker.js', {
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'banksia-stop-worker-')),
      SECRET_KEY: SECRET,
      WORKERS: '1',
    });
    await until('the worker to run', () => worker.output().includes('job(s) of each queue'));
    const handle = openDatabase(database.url, 2);
    cleanups.push(() => handle.close());
    const jobs = new Jobs({
      pool: handle.pool,
      definitions: jobDefinitions,
      log: pino({ level: 'silent' }),
      workers: 0,
    });
    await jobs.start();
    cleanups.push(() => jobs.stop());
    // The mail job's first statement reads the outbox: held behind the lock, the job stays running.
    const lock = await lockTable(database.url, 'email_outbox');
    const jobId = await jobs.enqueue(MAIL_SEND_JOB, { outboxId: 1 });
    const state = async () =>
      (await handle.pool.query<{ state: string }>(`select state from ${JOBS_SCHEMA}.job where id = $1`, [jobId]))
        .rows[0]?.state;
    await until('the job to be running and waiting on the lock', async () => (await lock.waiting()) > 0);
    expect(await state()).toBe('active');
    worker.proc.kill('SIGTERM');
    await until('the worker to begin stopping', () => logged(worker, 'stopping'));
    await lock.release();
    expect(await worker.exited).toBe(0);
    expect(logged(worker, 'stopped')).toBe(true);
    expect(await state()).toBe('completed');
  }, 90_000);
});
