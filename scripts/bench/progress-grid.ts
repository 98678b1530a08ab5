/**
 * Benchmark of the class progress grids (npm run bench).
 *
 * Starts an embedded PostgreSQL in a temporary folder, migrates it, seeds one school with a course of 200 items (150
 * lessons of 4 chunks and 50 exams / question sets of 5 questions, all in one topic) and two classes on it (30 and
 * 300 students) with realistic visits, watches, sittings and answers, and rebuilds the grids' rollup from them. The
 * app server then runs as a CHILD PROCESS on that database (its own pool, port and data folder, as in production),
 * so this process, the load generator, does not share its event loop or CPU time with it.
 *
 * Each load is open-loop (requests fire on schedule whatever the answers' speed, and latency counts from the
 * scheduled start, so a slow server cannot hide queueing), signed in as the class's teacher:
 * - the 30-student topic grid at 20 requests/s for 15 s;
 * - the 300-student topic grid at 20 requests/s for 15 s, and at the same time /healthz (10/s) and sign-in (POST
 *   /api/v1/auth/login/, 4/s), the light requests a heavy one must not starve;
 * - for reference, /healthz and sign-in with nothing else running, and each grid's bare SQL through pg.
 * Targets (exit 0 only when all pass, 1 otherwise, 2 when the bench itself fails): 30×200 p99 ≤ 25 ms; 300×200 p99
 * ≤ 250 ms with no errors (any answer but 200 is one); /healthz and sign-in p99 ≤ 50 ms during the 300-student load.
 * BENCH_PROFILE=<folder> has the app write a CPU profile there. BENCH_EXPLAIN=30|300 prints the plan of that class's
 * grid query instead; BENCH_TRACE=1 lists every answer slower than 25 ms with its time in the run (and how long until
 * its headers came, and then until its last byte), and the bench's own event-loop delay. An answer is timed to its
 * last byte, not decompressed (see the client below; BENCH_DECOMPRESS=1 adds that). Removes its data folder and exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { itemGridQuery } from '../../apps/server/src/features/progress/progress-grids.repository';
import { rebuildRollup } from '../../apps/server/src/features/progress/index';
import { systemClock } from '../../apps/server/src/platform/clock';
import { loadConfig } from '../../apps/server/src/platform/config';
import { openDatabase, runMigrations, type Database } from '../../apps/server/src/platform/db';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../../apps/server/src/platform/embedded-postgres';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/platform/session';
import { createExamWithQuestions } from '../../apps/server/test/factories';
import {
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
} from '../../apps/server/test/factories';
import { log, type Stats, openLoop, sequential, type Answer, checkGrids, expect200 } from './load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GRID_RATE = 20; // requests per second
const SECONDS = 15;
const HEALTH_RATE = 10;
const SIGN_IN_RATE = 4;
const IDLE_SECONDS = 5;
const WARM_UP = 20;
const TARGETS = { small: 25, large: 250, light: 50 };
/** A request unanswered after this long counts as an error, so an overloaded run still ends. */
const LESSONS = 150;
const EXAMS = 50;
const TEACHER_PASSWORD = 'bench-password-123';

async function seed(db: Database) {
  const school = await createSchool(db, { name: 'Bench School' });
  const course = await createCourse(db, { title: 'Bench course' });
  const topic = await createSection(db, course, { title: 'Everything' });
  for (let i = 0; i < LESSONS + EXAMS; i++) {
    // Mostly lessons, with an exam or question set every fourth item.
    if (i % 4 === 3) {
      const { exam } = await createExamWithQuestions(db, course, {
        exam: { title: `Check ${i}`, kind: i % 8 === 3 ? 'exam' : 'question_set' },
        questions: Array.from({ length: 5 }, (_, q) => ({
          type: 'numeric' as const,
          marks: 1 + (q % 3),
          answer: q,
          tolerance: 0,
        })),
      });
      await db.execute(sql`update course_tree_nodes set parent_id = ${topic.node.id}
        where course_id = ${course.id} and node_type = 'exam' and value_id = ${exam.id}`);
    } else {
      await createLesson(db, course, { parent: topic, chunks: 4, chunkDuration: 120, title: `Lesson ${i}` });
    }
  }
  const small = await createClass(db, school, { courseId: course.id, title: 'Bench 30' });
  const large = await createClass(db, school, { courseId: course.id, title: 'Bench 300' });
  const teacher = await createTeacher(db, school, [small, large], { password: TEACHER_PASSWORD });
  for (const [klass, n] of [
    [small, 30],
    [large, 300],
  ] as const) {
    for (let i = 0; i < n; i++) {
      await createStudent(db, school, [klass], { firstName: `First${i}`, lastName: `Last${(i * 7919) % n}` });
    }
  }
  const classIds = sql`(${small.id}, ${large.id})`;
  await db.execute(sql`select setseed(0.42)`);
  // Each student has a diligence: the share of chunks they open and of exams they sit.
  await db.execute(sql`
    insert into chunk_visits (school_id, class_id, profile_id, chunk_id, visit_count, first_visited_at, last_visited_at)
    select school_id, class_id, profile_id, chunk_id, 1 + floor(random() * 3)::int, now() - interval '10 days', now()
    from (
      select e.school_id, e.class_id, e.profile_id, c.id as chunk_id, random() as r, (e.profile_id % 10) / 10.0 as d
      from enrolments e
      join lessons l on l.course_id = ${course.id}
      join chunks c on c.lesson_id = l.id
      where e.class_id in ${classIds}
    ) t where r < 0.15 + d * 0.8`);
  await db.execute(sql`
    insert into chunk_watches (school_id, class_id, profile_id, chunk_id, seconds_watched, max_position, watched, updated_at)
    select school_id, class_id, profile_id, chunk_id, s, s, s >= 108, now()
    from (select v.*, floor(random() * 121)::float8 as s, random() as r from chunk_visits v
          where v.class_id in ${classIds}) t
    where r < 0.7`);
  await db.execute(sql`
    insert into exam_sittings (school_id, class_id, profile_id, exam_id, status, started_at, submitted_at)
    select school_id, class_id, profile_id, exam_id,
      case when r < 0.85 then 'submitted' else 'open' end,
      now() - interval '5 days', case when r < 0.85 then now() - interval '4 days' end
    from (
      select e.school_id, e.class_id, e.profile_id, x.id as exam_id, random() as r, (e.profile_id % 10) / 10.0 as d
      from enrolments e join exams x on x.course_id = ${course.id}
      where e.class_id in ${classIds}
    ) t where r < 0.2 + d * 0.75`);
  await db.execute(sql`
    insert into exam_answers (school_id, sitting_id, question_id, answer, version, mark_status, marks_awarded, updated_at)
    select school_id, sitting_id, question_id, '{"value": "4"}'::jsonb, 1,
      case when status = 'open' then null when r < 0.5 then 'correct' when r < 0.7 then 'partially_correct'
           when r < 0.95 then 'incorrect' else 'needs_marking' end,
      case when status = 'open' then null when r < 0.5 then marks when r < 0.7 then round(marks / 2, 2)
           when r < 0.95 then 0 end,
      now()
    from (
      select s.school_id, s.id as sitting_id, s.status, q.id as question_id, q.marks, random() as r
      from exam_sittings s join exam_questions q on q.exam_id = s.exam_id
      where s.class_id in ${classIds}
    ) t`);
  // The facts went in in bulk, past the services that keep the grids' rollup current.
  await rebuildRollup(db);
  // As a database in service would be: freshly bulk-loaded rows vacuumed (hint bits set, visibility map current) and
  // analysed, so the first seconds of the load do not measure autovacuum catching up with the seed.
  await db.execute(sql`vacuum analyze`);
  const counts = await db.execute<{ visits: number; sittings: number; answers: number; cells: number }>(sql`
    select (select count(*)::int from chunk_visits) as visits, (select count(*)::int from exam_sittings) as sittings,
      (select count(*)::int from exam_answers) as answers, (select count(*)::int from progress_rollup) as cells`);
  return { school, course, topic, small, large, teacher, counts: counts.rows[0]! };
}

/**
 * The Node flags of the server's start script (`node <flags> dist/main.js` in apps/server/package.json, what `npm
 * start` runs), so the bench measures the compiled server as it runs in production (ADR 045, 051).
 */
function serverNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js') {
    throw new Error(`apps/server's start script is not "node [flags] dist/main.js": ${pkg.scripts.start}`);
  }
  return words.slice(1, -1);
}

/** Starts the app server as a child process on `databaseUrl`, answering on `port` once /healthz does. */
async function startServer(o: { databaseUrl: string; port: number; dataDir: string; secret: string }) {
  // BENCH_PROFILE=<folder>: the app writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const args = [...profile, ...serverNodeFlags(), 'apps/server/dist/main.js'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(o.port),
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl,
      SECRET_KEY: o.secret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WORKERS: '0',
      WEB_DIST: path.join(o.dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${o.port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
    await sleep(300);
  }
  child.kill('SIGKILL');
  throw new Error('the app server did not answer /healthz within 120 s');
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

interface Row {
  what: string;
  stats: Stats;
  /** p99 at most this many ms (and no errors); none: for reference only. */
  target?: number;
}

const passes = (r: Row) => r.target === undefined || (r.stats.errors === 0 && r.stats.p99 <= r.target);

function printTable(rows: Row[]) {
  const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1)).padStart(9);
  const width = Math.max(...rows.map((r) => r.what.length));
  log(`${'what'.padEnd(width)} |       p50 |       p95 |       p99 | errors | target (p99)  | result`);
  log(`${'-'.repeat(width)}-+-----------+-----------+-----------+--------+---------------+-------`);
  for (const r of rows) {
    const target = r.target === undefined ? '' : `≤ ${r.target} ms, 0 err`;
    const result = r.target === undefined ? '' : passes(r) ? 'PASS' : 'FAIL';
    log(
      `${r.what.padEnd(width)} | ${ms(r.stats.p50)} | ${ms(r.stats.p95)} | ${ms(r.stats.p99)} | ` +
        `${String(r.stats.errors).padStart(6)} | ${target.padEnd(13)} | ${result}`,
    );
  }
}

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'banksia-bench-'));
  // Started as root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  let embedded: EmbeddedDatabase | undefined;
  let database: ReturnType<typeof openDatabase> | undefined;
  let server: ChildProcess | undefined;
  let pool: pg.Pool | undefined;
  // Stop order matters: the server and this process's pools disconnect before PostgreSQL stops, so no pooled
  // connection sees the server's "terminating connection" (57P01) as an unhandled error.
  const cleanUp = async () => {
    await stopServer(server);
    await pool?.end().catch(() => {});
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => {
    // Give up on a stuck clean-up rather than hang; the folder goes either way.
    setTimeout(() => {
      server?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    }, 10_000).unref();
    void cleanUp().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log(`Starting embedded PostgreSQL in ${dir} ...`);
    embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: 0 });
    database = openDatabase(embedded.url, 4, { statementMs: null });
    await runMigrations(database.pool);
    log('Seeding ...');
    const t0 = performance.now();
    const data = await seed(database.db);
    log(
      `Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${LESSONS} lessons × 4 chunks + ${EXAMS} exams × 5 questions; ` +
        `${data.counts.visits} chunk visits, ${data.counts.sittings} sittings, ${data.counts.answers} answers, ` +
        `${data.counts.cells} rollup cells.`,
    );
    const gridQuery = (klass: { id: number }, knownCellsVersion?: string) =>
      new PgDialect().sqlToQuery(
        itemGridQuery({
          classId: klass.id,
          schoolId: data.school.id,
          courseId: data.course.id,
          topicId: data.topic.section.id,
          ...(knownCellsVersion === undefined ? {} : { knownCellsVersion }),
        }),
      );

    pool = new pg.Pool({ connectionString: embedded.url, max: 10 });
    // An idle client's error (the server stopping under it) must not crash the bench.
    pool.on('error', () => {});
    if (process.env.BENCH_EXPLAIN) {
      // Diagnosis: the plan of the grid query (BENCH_EXPLAIN=300: the large class), then stop.
      // Both forms: with the facts (a grid built afresh), and with the cells' version known (a grid built before).
      const klass = process.env.BENCH_EXPLAIN === '300' ? data.large : data.small;
      const full = gridQuery(klass);
      const { rows } = await pool.query<{ cells_version: string }>(full.sql, full.params as unknown[]);
      for (const q of [full, gridQuery(klass, rows[0]!.cells_version)]) {
        const plan = await pool.query(`explain (analyze, buffers, costs off) ${q.sql}`, q.params as unknown[]);
        log();
        for (const row of plan.rows as { 'QUERY PLAN': string }[]) log(row['QUERY PLAN']);
      }
      return 0;
    }

    const secret = randomBytes(32).toString('hex');
    const port = await freePort();
    log(`Starting the app server (a child process) on port ${port} ...`);
    const started = await startServer({ databaseUrl: embedded.url, port, dataDir: path.join(dir, 'data'), secret });
    server = started.child;
    const base = started.base;
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: path.join(dir, 'data'), SECRET_KEY: secret });
    const session = await createSession({ db: database.db, clock: systemClock, config }, data.teacher.user.id);
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    // Sign-in: the anonymous CSRF token the sign-in page would hold, then POST the credentials.
    const csrfRes = await fetch(`${base}/api/v1/csrf/`);
    const csrf = ((await csrfRes.json()) as { csrf_token: string }).csrf_token;
    const signIn = () =>
      expect200(`${base}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
        body: JSON.stringify({ email: data.teacher.user.email, password: TEACHER_PASSWORD }),
      });
    const health = () => expect200(`${base}/healthz`);

    const rows: Row[] = [];
    log();
    log(`Idle: /healthz at ${HEALTH_RATE}/s and sign-in at ${SIGN_IN_RATE}/s for ${IDLE_SECONDS} s ...`);
    await signIn();
    const [idleHealth, idleSignIn] = await Promise.all([
      openLoop(health, HEALTH_RATE, IDLE_SECONDS),
      openLoop(signIn, SIGN_IN_RATE, IDLE_SECONDS),
    ]);

    for (const [klass, students, target] of [
      [data.small, 30, TARGETS.small],
      [data.large, 300, TARGETS.large],
    ] as const) {
      const url = `${base}/api/v1/classes/${klass.id}/progress-grids/topic/${data.topic.section.id}/`;
      const check = await fetch(url, { headers: { cookie } });
      if (check.status !== 200) throw new Error(`grid answered ${check.status}`);
      const body = (await check.json()) as { rows: unknown[]; columns: unknown[] };
      log();
      log(`Class of ${students}: topic grid ${body.rows.length} students × ${body.columns.length - 1} items`);
      // Every 50th answer is kept, to be decompressed and checked once the load is over.
      const samples: Answer[] = [];
      let sent = 0;
      const grid = async () => {
        const answer = await expect200(url, { headers: { cookie } });
        if (sent++ % 50 === 0) samples.push(answer);
        return answer;
      };
      const q = gridQuery(klass);
      const bare = async () => void (await pool!.query(q.sql, q.params as unknown[]));
      const httpAlone = await sequential(grid);
      const sqlAlone = await sequential(bare);
      log(`  one at a time (median of ${WARM_UP}): HTTP ${httpAlone.toFixed(1)} ms, SQL ${sqlAlone.toFixed(1)} ms`);
      const label = `${students}×200 grid`;
      if (students === 300) {
        log(
          `  HTTP: grid at ${GRID_RATE}/s, /healthz at ${HEALTH_RATE}/s and sign-in at ${SIGN_IN_RATE}/s, ` +
            `together for ${SECONDS} s ...`,
        );
        const [gridStats, healthStats, signInStats] = await Promise.all([
          openLoop(grid, GRID_RATE, SECONDS),
          openLoop(health, HEALTH_RATE, SECONDS),
          openLoop(signIn, SIGN_IN_RATE, SECONDS),
        ]);
        rows.push({ what: `${label}, HTTP at ${GRID_RATE}/s`, stats: gridStats, target });
        rows.push({ what: `/healthz during the 300 load`, stats: healthStats, target: TARGETS.light });
        rows.push({ what: `sign-in during the 300 load`, stats: signInStats, target: TARGETS.light });
      } else {
        log(`  HTTP: grid at ${GRID_RATE}/s for ${SECONDS} s ...`);
        rows.push({
          what: `${label}, HTTP at ${GRID_RATE}/s`,
          stats: await openLoop(grid, GRID_RATE, SECONDS),
          target,
        });
      }
      await checkGrids(samples, body.rows.length, body.columns.length);
      log(`  SQL: the bare grid query at ${GRID_RATE}/s for ${SECONDS} s ...`);
      rows.push({ what: `${label}, bare SQL at ${GRID_RATE}/s`, stats: await openLoop(bare, GRID_RATE, SECONDS) });
    }
    rows.push({ what: '/healthz, idle', stats: idleHealth });
    rows.push({ what: 'sign-in, idle', stats: idleSignIn });

    log();
    printTable(rows);
    const failed = rows.filter((r) => !passes(r));
    log();
    log(
      failed.length
        ? `FAIL: ${failed.map((r) => r.what).join('; ')}`
        : 'PASS: every target met (30×200 p99 ≤ 25 ms; 300×200 p99 ≤ 250 ms, 0 errors; /healthz and sign-in p99 ≤ 50 ms under load)',
    );
    return failed.length ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(2);
  },
);
