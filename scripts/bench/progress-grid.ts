/**
 * Benchmark of the class progress grid (npm run bench).
 *
 * Starts an embedded PostgreSQL in a temporary folder, migrates it, seeds one school with a course of 200 items (150
 * lessons of 4 chunks and 50 exams / question sets of 5 questions, all in one topic) and two classes on it (30 and
 * 300 students) with realistic visits, watches, sittings and answers, then starts the real HTTP app on a free port.
 * For each class it fires the topic grid request open-loop at 20 requests per second for 15 s, signed in as the
 * teacher, and reports p50/p95/p99 latency (measured from each request's scheduled start, so a slow server cannot
 * hide queueing); then it times the grid's bare SQL query through pg at the same pace and count, and prints the
 * ratios. PASS/FAIL: p99 ≤ 50 ms at 20 rps for 30 students. Removes its data folder and exits.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { itemGridQuery } from '../../apps/server/src/features/progress/progress-grids.repository';
import { systemClock } from '../../apps/server/src/platform/clock';
import { loadConfig } from '../../apps/server/src/platform/config';
import { openDatabase, runMigrations, type Database } from '../../apps/server/src/platform/db';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/server/src/platform/embedded-postgres';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/platform/session';
import { createExamWithQuestions } from '../../apps/server/test/exam-factories';
import {
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
} from '../../apps/server/test/factories';

const RATE = 20; // requests per second
const SECONDS = 15;
const RUNS = RATE * SECONDS;
const WARM_UP = 20;
const TARGET_P99_MS = 50;
/** A request unanswered after this long counts as an error, so an overloaded run still ends. */
const REQUEST_TIMEOUT_MS = 20_000;
const LESSONS = 150;
const EXAMS = 50;

const log = (line = '') => process.stdout.write(`${line}\n`);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

interface Stats {
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function stats(latencies: number[], errors: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), errors };
}

/** Fires `fn` RUNS times at RATE per second whatever the answers' speed; latency counts from the scheduled start. */
async function openLoop(fn: () => Promise<void>): Promise<Stats> {
  const interval = 1000 / RATE;
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now() + 10;
  for (let i = 0; i < RUNS; i++) {
    const at = start + i * interval;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      fn().then(
        () => void latencies.push(performance.now() - at),
        () => void errors++,
      ),
    );
  }
  await Promise.all(pending);
  return stats(latencies, errors);
}

/** A school, a 200-item course in one topic and two classes (30 and 300 students) with their learning records. */
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
  const teacher = await createTeacher(db, school, [small, large]);
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
  await db.execute(sql`analyze`);
  const counts = await db.execute<{ visits: number; sittings: number; answers: number }>(sql`
    select (select count(*)::int from chunk_visits) as visits, (select count(*)::int from exam_sittings) as sittings,
      (select count(*)::int from exam_answers) as answers`);
  return { school, course, topic, small, large, teacher, counts: counts.rows[0]! };
}

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'banksia-bench-'));
  // Started as root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  let embedded: EmbeddedDatabase | undefined;
  let database: ReturnType<typeof openDatabase> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let pool: pg.Pool | undefined;
  const cleanUp = async () => {
    // Requests still in flight (an interrupted run) must not hold the server open.
    app?.server.closeAllConnections();
    await app?.close().catch(() => {});
    await pool?.end().catch(() => {});
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => {
    // Give up on a stuck clean-up rather than hang; the folder goes either way.
    setTimeout(() => {
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
    database = openDatabase(embedded.url);
    await runMigrations(database.pool);
    log('Seeding ...');
    const t0 = performance.now();
    const data = await seed(database.db);
    log(
      `Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${LESSONS} lessons × 4 chunks + ${EXAMS} exams × 5 questions; ` +
        `${data.counts.visits} chunk visits, ${data.counts.sittings} sittings, ${data.counts.answers} answers.`,
    );

    if (process.env.BENCH_EXPLAIN) {
      // Diagnosis: the plan of the grid query (BENCH_EXPLAIN=300: the large class), then stop.
      const klass = process.env.BENCH_EXPLAIN === '300' ? data.large : data.small;
      const q = new PgDialect().sqlToQuery(
        itemGridQuery({
          classId: klass.id,
          schoolId: data.school.id,
          courseId: data.course.id,
          topicNodeId: data.topic.node.id,
        }),
      );
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      const plan = await client.query(`explain (analyze, costs off) ${q.sql}`, q.params as unknown[]);
      for (const row of plan.rows as { 'QUERY PLAN': string }[]) log(row['QUERY PLAN']);
      await client.end();
      return 0;
    }
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(dir, 'data'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dir, 'no-web'),
    });
    app = await buildApp({ config, db: database.db, clock: systemClock, secret: randomBytes(32).toString('hex') });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const session = await createSession({ db: database.db, clock: systemClock, config }, data.teacher.user.id);
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    pool = new pg.Pool({ connectionString: embedded.url, max: 10 });
    const dialect = new PgDialect();

    const results: { students: number; http: Stats; sql: Stats }[] = [];
    for (const [klass, students] of [
      [data.small, 30],
      [data.large, 300],
    ] as const) {
      const url = `${address}/api/v1/classes/${klass.id}/progress-grids/topic/${data.topic.section.id}/`;
      const check = await fetch(url, { headers: { cookie } });
      const body = (await check.json()) as { rows: unknown[]; columns: unknown[] };
      if (check.status !== 200) throw new Error(`grid answered ${check.status}`);
      log();
      log(`Class of ${students}: topic grid ${body.rows.length} students × ${body.columns.length - 1} items`);
      const http = async () => {
        const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(String(res.status));
      };
      const query = dialect.sqlToQuery(
        itemGridQuery({
          classId: klass.id,
          schoolId: data.school.id,
          courseId: data.course.id,
          topicNodeId: data.topic.node.id,
        }),
      );
      const bare = async () => {
        await pool!.query(query.sql, query.params as unknown[]);
      };
      // Warm-up, timed one at a time: the service time of one request with nothing queued.
      const sequential = async (fn: () => Promise<void>) => {
        const times: number[] = [];
        for (let i = 0; i < WARM_UP; i++) {
          const t = performance.now();
          await fn();
          times.push(performance.now() - t);
        }
        return stats(times, 0).p50;
      };
      const httpAlone = await sequential(http);
      const sqlAlone = await sequential(bare);
      log(`  one at a time (median of ${WARM_UP}): HTTP ${httpAlone.toFixed(1)} ms, SQL ${sqlAlone.toFixed(1)} ms`);
      log(`  HTTP: ${RUNS} requests open-loop at ${RATE}/s ...`);
      const httpStats = await openLoop(http);
      log(`  SQL:  ${RUNS} runs of the bare grid query at ${RATE}/s ...`);
      const sqlStats = await openLoop(bare);
      results.push({ students, http: httpStats, sql: sqlStats });
      const f = (st: Stats) => `p50 ${st.p50.toFixed(1)} / p95 ${st.p95.toFixed(1)} / p99 ${st.p99.toFixed(1)} ms`;
      log(`  HTTP ${f(httpStats)} (${httpStats.errors} errors); SQL ${f(sqlStats)}`);
    }

    const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
    log();
    log('students | what | p50       | p95       | p99       | errors');
    for (const r of results) {
      for (const [what, s] of [
        ['HTTP', r.http],
        ['SQL ', r.sql],
      ] as const) {
        log(`${String(r.students).padStart(8)} | ${what} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${s.errors}`);
      }
      log(
        `${String(r.students).padStart(8)} | ratio p99(HTTP)/p99(SQL) = ${(r.http.p99 / r.sql.p99).toFixed(2)}, ` +
          `median ratio p50(HTTP)/p50(SQL) = ${(r.http.p50 / r.sql.p50).toFixed(2)}`,
      );
    }
    const small = results[0]!;
    const pass = small.http.errors === 0 && small.http.p99 <= TARGET_P99_MS;
    log();
    log(
      `${pass ? 'PASS' : 'FAIL'}: p99 ≤ ${TARGET_P99_MS} ms at ${RATE} rps for 30 students ` +
        `(p99 ${small.http.p99.toFixed(1)} ms, ${small.http.errors} errors)`,
    );
    return pass ? 0 : 1;
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
