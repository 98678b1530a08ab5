import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations, withDatabase } from '../src/platform/db';
import { jobDefinitions } from '../src/jobs';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/embedded-postgres';
import { Jobs } from '../src/platform/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    templateDatabase: string;
  }
}

/**
 * Starts PostgreSQL for the run (embedded, or the server in DATABASE_URL), and migrates a template
 * database once; each test file then clones it with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  // The compiled server (ADR 051), for the tests that run it as a process (if its sources changed since it was built).
  execFileSync(process.execPath, [new URL('../../../scripts/build.mjs', import.meta.url).pathname, 'server'], {
    stdio: 'ignore',
  });
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'banksia-test-pg-'));
    embedded = await startEmbeddedPostgres({ dir: tempDir, port: 0 });
    serverUrl = embedded.url;
  }
  const templateDatabase = `banksia_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase}`);
  await admin.query(`create database ${templateDatabase}`);
  const template = openDatabase(withDatabase(serverUrl, templateDatabase), 1);
  await runMigrations(template.pool);
  // pg-boss's schema and the queues, so each test file's copy can enqueue at once.
  const jobs = new Jobs({
    pool: template.pool,
    definitions: jobDefinitions,
    log: pino({ level: 'silent' }),
    workers: 0,
  });
  await jobs.start();
  await jobs.stop();
  await template.close();

  project.provide('serverUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    // Drop every database this run made (test files drop their own; this catches any left by a crash).
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'banksia_t_%' or datname = $1`,
      [templateDatabase],
    );
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
