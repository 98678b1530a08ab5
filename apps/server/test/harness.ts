import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { jobDefinitions } from '../src/jobs';
import { FakeClock } from '../src/platform/clock';
import { loadConfig, type Config } from '../src/platform/config';
import { mintCsrfToken } from '../src/platform/csrf';
import { openDatabase, withDatabase, type Database, type DatabaseHandle } from '../src/platform/db';
import type { AppDeps } from '../src/platform/deps';
import { Jobs } from '../src/platform/jobs';
import { createSession, SESSION_COOKIE } from '../src/platform/session';

export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  clock: FakeClock;
  config: Config;
  /** Enqueue-only jobs on the test's database (`ctx.jobs.runQueued(name, ctx.deps)` runs what is queued). */
  jobs: Jobs;
  /** What the app was built from. */
  deps: AppDeps;
  /** The test file's database, for processes a test starts. */
  databaseUrl: string;
  /** A client signed in as the user (or anonymous), carrying cookies and the CSRF header. */
  client(userId?: number): Promise<TestClient>;
}

export interface TestClient {
  cookies: Record<string, string>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** Keeps Set-Cookie answers in a cookie jar, as a browser would. */
function absorbCookies(jar: Record<string, string>, response: LightMyRequestResponse): void {
  for (const c of response.cookies) {
    // Cleared cookies come back dated at the epoch; other dates follow the app's (fake) clock, so are not compared.
    const cleared = c.expires && new Date(c.expires).getTime() < 86_400_000;
    if (c.value === '' || cleared) delete jar[c.name];
    else jar[c.name] = c.value;
  }
}

/**
 * Builds a client that sends the jar's cookies and copies the CSRF cookie into X-CSRFToken. `defaults` go with every
 * request (e.g. `remoteAddress` for a client of its own address).
 */
export function makeClient(
  app: FastifyInstance,
  jar: Record<string, string> = {},
  defaults: Partial<InjectOptions> = {},
): TestClient {
  const request = async (given: InjectOptions) => {
    const options = { ...defaults, ...given } as InjectOptions;
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    // The CSRF cookie is __Host-csrftoken with secure cookies, csrftoken without.
    const csrf = jar['__Host-csrftoken'] ?? jar.csrftoken;
    if (csrf && !('x-csrftoken' in headers)) headers['x-csrftoken'] = csrf;
    const response = await app.inject({ ...options, headers, cookies: { ...jar, ...options.cookies } });
    absorbCookies(jar, response);
    return response;
  };
  return {
    cookies: jar,
    request,
    get: (url) => request({ method: 'GET', url }),
    post: (url, payload) =>
      request({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) }),
    patch: (url, payload) => request({ method: 'PATCH', url, payload: payload as object }),
    put: (url, payload) => request({ method: 'PUT', url, payload: payload as object }),
  };
}

/** A database of the test's own, cloned from the migrated template: its URL, and how to drop it. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer(run: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(inject('serverUrl'), 'postgres') });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

/** Creates a fresh database from the template (for tests that need their own connections or processes). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `banksia_t_${randomBytes(6).toString('hex')}`;
  await onServer((admin) => admin.query(`create database ${name} template ${inject('templateDatabase')}`));
  return {
    url: withDatabase(inject('serverUrl'), name),
    drop: () => onServer((admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}

/**
 * Gives the calling test file its own database (cloned from the migrated template) and an app
 * built on it with a fake clock. Register at the top of a test file.
 */
export function useTestApp(): TestContext {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle;
  let dataDir: string | undefined;
  const ctx = {} as TestContext;
  beforeAll(async () => {
    database = await createTestDatabase();
    ctx.databaseUrl = database.url;
    handle = openDatabase(ctx.databaseUrl, 4);
    ctx.db = handle.db;
    ctx.clock = new FakeClock();
    // Each test file stores its files (media, uploads) in a folder of its own, removed afterwards.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'banksia-test-data-'));
    ctx.config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    // The template database already has pg-boss's schema and the queues (global-setup), so nothing is started.
    ctx.jobs = new Jobs({ pool: handle.pool, definitions: jobDefinitions, log: pino({ level: 'silent' }), workers: 0 });
    ctx.deps = { config: ctx.config, db: ctx.db, clock: ctx.clock, secret: TEST_SECRET, jobs: ctx.jobs };
    ctx.app = await buildApp(ctx.deps);
    ctx.client = async (userId?: number) => {
      const jar: Record<string, string> = {};
      if (userId !== undefined) {
        const session = await createSession({ db: ctx.db, clock: ctx.clock, config: ctx.config }, userId);
        jar[SESSION_COOKIE] = session.token;
        jar.csrftoken = mintCsrfToken(TEST_SECRET, session.hash);
      } else {
        jar.csrftoken = mintCsrfToken(TEST_SECRET, null);
      }
      return makeClient(ctx.app, jar);
    };
  });
  afterAll(async () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await ctx.app?.close();
    await handle?.close();
    await database?.drop();
  });
  return ctx;
}
