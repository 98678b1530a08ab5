import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { killAll, startBuilt, stopProcess, untilAnswering, type ServerProcess } from '../test/processes';
import { freePort } from './platform/embedded-postgres';
import { openDatabase, type DatabaseHandle } from './platform/db';

/**
 * The "at scale" shape on one machine: two app servers that only enqueue (WORKERS=0) and one worker process, all on
 * one PostgreSQL database, talking over real HTTP. What one app server does, the other sees; what they enqueue, the
 * worker does; and a job enqueued while the worker is down waits for it.
 */
const PASSWORD = 'correct horse battery';
const SECRET = `multi-process-secret-${randomBytes(16).toString('hex')}`;

interface Server {
  proc: ServerProcess;
  url: string;
}

/** The compiled server (what `npm start` and the images run), as one process of the at-scale topology. */
function start(entry: 'main.js' | 'worker.js', env: Record<string, string>): ServerProcess {
  return startBuilt(entry, { LOG_LEVEL: 'warn', SECRET_KEY: SECRET, WORKERS: '0', ...env });
}

async function startApp(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const proc = start('main.js', { DATABASE_URL: databaseUrl, PORT: String(port), DATA_DIR: dataDir });
  const url = `http://127.0.0.1:${port}`;
  await untilAnswering(proc, url);
  return { proc, url };
}

/** A browser's cookie jar, enough for sessions and CSRF across two servers. */
class Browser {
  cookies = new Map<string, string>();

  async call(url: string, init: { method?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const csrf = this.cookies.get('csrftoken');
    if (init.method && init.method !== 'GET' && csrf) headers['x-csrftoken'] = csrf;
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    return response;
  }
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('two app servers and a worker on one database', () => {
  let testDatabase: TestDatabase;
  let databaseUrl: string;
  let database: DatabaseHandle;
  let dataDir: string;
  let a: Server;
  let b: Server;
  let worker: ServerProcess;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    databaseUrl = testDatabase.url;
    database = openDatabase(databaseUrl, 2);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'banksia-multi-'));
    [a, b] = await Promise.all([startApp(databaseUrl, dataDir), startApp(databaseUrl, dataDir)]);
    worker = start('worker.js', { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WORKERS: '1' });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.proc, b?.proc, worker].filter((server) => server !== undefined).map(stopProcess));
    killAll();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await testDatabase?.drop();
  }, 60_000);

  const outboxTo = async (email: string) =>
    Number(
      (await database.db.execute<{ n: string }>(sql`select count(*) as n from email_outbox where "to" = ${email}`))
        .rows[0]!.n,
    );

  it('a session and its CSRF token made on one server work on the other', async () => {
    const user = await createUser(database.db, { email: 'shared@example.test', password: PASSWORD });
    const browser = new Browser();
    await browser.call(`${a.url}/api/v1/csrf/`);
    const login = await browser.call(`${a.url}/api/v1/auth/login/`, {
      method: 'POST',
      body: { email: 'shared@example.test', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const me = await browser.call(`${b.url}/api/v1/auth/me/`);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { id: number } }).user.id).toBe(user.id);
    // An unsafe call on B with the token A issued for this session.
    const profile = await browser.call(`${b.url}/api/v1/auth/profile/`, {
      method: 'PATCH',
      body: { first_name: 'Shared', last_name: 'Session' },
    });
    expect(profile.status).toBe(200);
  });

  it('failed sign-ins counted by one server are seen by the other', async () => {
    await createUser(database.db, { email: 'throttled@example.test', password: PASSWORD });
    const browser = new Browser();
    await browser.call(`${a.url}/api/v1/csrf/`);
    for (let i = 0; i < 3; i++) {
      const failed = await browser.call(`${i % 2 ? a.url : b.url}/api/v1/auth/login/`, {
        method: 'POST',
        body: { email: 'throttled@example.test', password: 'wrong' },
      });
      expect(failed.status).toBe(400);
    }
    const { rows } = await database.db.execute<{ n: string }>(
      sql`select count(*) as n from login_failures where email = 'throttled@example.test'`,
    );
    expect(Number(rows[0]!.n)).toBe(3);
  });

  it('a job an app server enqueues is done by the worker, and one enqueued while the worker is down waits for it', async () => {
    await createUser(database.db, { email: 'forgetful@example.test', password: PASSWORD });
    await createUser(database.db, { email: 'patient@example.test', password: PASSWORD });
    const browser = new Browser();
    await browser.call(`${a.url}/api/v1/csrf/`);
    const reset = (server: Server, email: string) =>
      browser.call(`${server.url}/api/v1/auth/password-reset/`, { method: 'POST', body: { email } });

    expect((await reset(a, 'forgetful@example.test')).status).toBe(200);
    // The app servers only enqueue: the worker writes the email.
    expect(
      await eventually(
        () => outboxTo('forgetful@example.test'),
        (n) => n === 1,
      ),
    ).toBe(1);

    await stopProcess(worker);
    expect((await reset(b, 'patient@example.test')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await outboxTo('patient@example.test')).toBe(0);
    const waiting = await database.db.execute<{ n: string }>(
      sql`select count(*) as n from pgboss.job where name = 'password-reset-request' and state in ('created', 'retry')`,
    );
    expect(Number(waiting.rows[0]!.n)).toBe(1);

    worker = start('worker.js', { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WORKERS: '1' });
    expect(
      await eventually(
        () => outboxTo('patient@example.test'),
        (n) => n === 1,
      ),
    ).toBe(1);
  }, 90_000);
});
