/**
 * `npm run bench:rosters`: a 10,000-row Edval class list (1,667 students in 6 classes each, 144 classes, 36
 * teachers) driven the way people drive it, over HTTP against a listening app on a fresh embedded PostgreSQL, with
 * the job run by the app's own worker as in production (request pool with its 5 s statement limit):
 *
 * - term 1: a roster admin uploads the file and applies it; the job applies it.
 * - term 2: the next file (200 students gone, 200 new: 12% removed) is uploaded, held for approval when applied,
 *   approved by a second roster admin, and applied by the job.
 *
 * Each path must finish within 10 s (target ≤ 10,000 ms); prints the time of each step and exits 1 when a path
 * takes longer or does not end applied.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { rosterApplyResponse, rosterDatasetSchema, type RosterDataset } from '@banksia/contracts/rosters';
import { buildApp } from '../app';
import { jobDefinitions } from '../jobs';
import { systemClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { CSRF_COOKIE, CSRF_HEADER, mintCsrfToken } from '../platform/csrf';
import { openDatabase, runMigrations } from '../platform/db';
import type { AppDeps } from '../platform/deps';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/embedded-postgres';
import { Jobs } from '../platform/jobs';
import { createSession, SESSION_COOKIE } from '../platform/session';
import { createCourse, createSchool, createUser } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { edvalFile, SUBJECTS } from '../../test/factories';

const log = (line = '') => process.stdout.write(`${line}\n`);
const TARGET_MS = 10_000;
const SECRET = 'bench-secret-0123456789abcdef0123456789';

interface Step {
  name: string;
  ms: number;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'banksia-bench-rosters-'));
  chmodSync(dir, 0o755);
  let embedded: EmbeddedDatabase | undefined;
  const closers: Array<() => Promise<unknown>> = [];
  const paths: Array<{ name: string; steps: Step[]; ms: number; status: string }> = [];
  try {
    log(`Starting embedded PostgreSQL in ${dir} ...`);
    embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: 0 });
    const setup = openDatabase(embedded.url, 2, { statementMs: null });
    await runMigrations(setup.pool);
    await setup.close();
    // As main.ts: requests (and the job's work) on a pool with the request limits, pg-boss on a pool of its own.
    const database = openDatabase(embedded.url);
    const jobsDatabase = openDatabase(embedded.url, 3);
    closers.push(
      () => database.close(),
      () => jobsDatabase.close(),
    );
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, SEED_DEMO: 'false' });
    const jobs = new Jobs({
      pool: jobsDatabase.pool,
      definitions: jobDefinitions,
      log: pino({ level: 'silent' }),
      workers: config.workers,
    });
    const deps: AppDeps = { config, db: database.db, clock: systemClock, secret: SECRET, jobs };
    await jobs.start(deps);
    closers.unshift(() => jobs.stop());
    const app = await buildApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    closers.unshift(() => app.close());
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const db = database.db;
    const school = await createSchool(db);
    for (const [, subject] of SUBJECTS) await createCourse(db, { subject });
    /** A signed-in roster admin: their session and CSRF cookies, as a browser sends them. */
    const person = async () => {
      const user = await createUser(db, { roles: ['roster_admin'] });
      const session = await createSession(deps, user.id);
      const csrf = mintCsrfToken(SECRET, session.hash);
      const headers = { cookie: `${SESSION_COOKIE}=${session.token}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf };
      return {
        get: async (url: string) => (await fetch(`${base}${url}`, { headers })).json() as Promise<unknown>,
        post: async (url: string, body?: { payload: Buffer; headers: Record<string, string> }) => {
          const response = await fetch(`${base}${url}`, {
            method: 'POST',
            headers: { ...headers, ...(body?.headers ?? { 'content-type': 'application/json' }) },
            body: body ? new Uint8Array(body.payload) : '{}',
          });
          const json = (await response.json()) as unknown;
          if (response.status >= 300) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(json)}`);
          return json;
        },
      };
    };
    const uploader = await person();
    const approver = await person();

    const run = async (name: string, students: number[], expectHold: boolean) => {
      const csv = edvalFile(students);
      const form = multipartForm(
        { source: 'edval', school_id: String(school.id), calendar_year: '2026' },
        { name: `${name}.csv`, content: Buffer.from(csv) },
      );
      const steps: Step[] = [];
      const t0 = performance.now();
      let t = t0;
      const step = (label: string) => {
        const now = performance.now();
        steps.push({ name: label, ms: Math.round(now - t) });
        t = now;
      };
      const dataset = rosterDatasetSchema.parse(await uploader.post('/api/v1/rosters/datasets/', form));
      step('upload (parse + reconcile)');
      const url = `/api/v1/rosters/datasets/${dataset.id}/`;
      let answer = rosterApplyResponse.parse(await uploader.post(`${url}apply/`));
      if (expectHold) {
        if (answer.status !== 'held') throw new Error(`${name}: expected a hold, got ${answer.status}`);
        step(`apply → held (${answer.holds.map((h) => `${h.kind} ${h.reason} ${h.count} of ${h.of}`).join(', ')})`);
        answer = rosterApplyResponse.parse(await approver.post(`${url}approve/`));
        step('approved by a second person → queued');
      } else step('apply → queued');
      let seen: RosterDataset;
      let progress = '';
      for (;;) {
        seen = rosterDatasetSchema.parse(await uploader.get(url));
        if (seen.status !== 'applying') break;
        if (seen.apply?.state === 'running' && seen.apply.total) progress = seen.apply.message;
        await new Promise((r) => setTimeout(r, 100));
      }
      step(`the job applies it (last progress seen: ${progress || 'none'})`);
      const ms = Math.round(performance.now() - t0);
      log(
        `${name}: ${dataset.counts.rows} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB), ${dataset.counts.classes} classes, ` +
          `${dataset.counts.teachers} teachers, ${dataset.counts.students} students, ${dataset.counts.enrolments} enrolments → ${seen.status}${seen.failure ? `: ${seen.failure}` : ''}`,
      );
      for (const s of steps) log(`  ${String(s.ms).padStart(6)} ms  ${s.name}`);
      paths.push({ name, steps, ms, status: seen.status });
    };
    const first = Array.from({ length: 1667 }, (_, i) => i + 1);
    await run('term 1 (upload, apply)', first, false);
    await run(
      'term 2 (upload, held, approved by a second person, applied)',
      [...first.slice(200), ...Array.from({ length: 200 }, (_, i) => 5000 + i)],
      true,
    );
  } finally {
    for (const close of closers) await close().catch(() => {});
    await embedded?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
  log('');
  let missed = false;
  for (const p of paths) {
    const ok = p.ms <= TARGET_MS && p.status === 'applied';
    missed ||= !ok;
    log(`${p.name.padEnd(62)} ${String(p.ms).padStart(6)} ms  target ≤ ${TARGET_MS} ms  ${ok ? 'met' : 'MISSED'}`);
  }
  process.exit(missed || paths.length < 2 ? 1 : 0);
}

await main();
