import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
} from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { executeCancellable } from '../../platform/cancellable-query';
import { AppError } from '../../platform/errors';
import { QueryGate } from '../../platform/query-gate';
import { SESSION_COOKIE } from '../../platform/session';

const ctx = useTestApp();

/** A class with one student on a course with a topic holding one lesson, and its teacher. */
async function smallClass() {
  const school = await createSchool(ctx.db);
  const course = await createCourse(ctx.db);
  const klass = await createClass(ctx.db, school, { courseId: course.id });
  const teacher = await createTeacher(ctx.db, school, [klass]);
  await createStudent(ctx.db, school, [klass]);
  const topic = await createSection(ctx.db, course, { title: 'Topic' });
  await createLesson(ctx.db, course, { parent: topic, chunks: 2 });
  return { klass, teacher, url: `/api/v1/classes/${klass.id}/progress-grids/topic/${topic.section.id}/` };
}

/**
 * Holds the rollup table locked from a connection of its own, so every grid query waits (active, on a lock) until
 * `release`: a grid that takes as long as the test wants.
 */
async function blockGrids() {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('lock table progress_rollup in access exclusive mode');
  return {
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Grid statements running now, seen from pg_stat_activity. */
async function runningGrids(): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pg_stat_activity
    where pid <> pg_backend_pid() and state = 'active' and query like '%with recursive tree%'`);
  return rows[0]!.n;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

let blocked: Awaited<ReturnType<typeof blockGrids>> | undefined;
afterEach(async () => {
  await blocked?.release();
  blocked = undefined;
});

describe('progress grid limits', () => {
  it('cancels the grid query when the client goes away', async () => {
    const f = await smallClass();
    const client = await ctx.client(f.teacher.user.id);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    blocked = await blockGrids();
    const abort = new AbortController();
    const request = fetch(`${address}${f.url}`, {
      headers: { cookie: `${SESSION_COOKIE}=${client.cookies[SESSION_COOKIE]}` },
      signal: abort.signal,
    }).catch((err: unknown) => err);
    await until(async () => (await runningGrids()) === 1, 'the grid query runs');

    abort.abort();
    expect(await request).toBeInstanceOf(Error);
    // Well before the grid's time limit (3 s), which would end it too.
    await until(async () => (await runningGrids()) === 0, 'the grid query is gone from pg_stat_activity', 1_000);
  });

  it('answers 503 with Retry-After when too many grids wait, and serves them once the first ends', async () => {
    const f = await smallClass();
    const app = await buildApp({
      ...ctx.deps,
      config: { ...ctx.config, grids: { concurrency: 1, queue: 1, timeoutMs: 5_000 } },
    });
    try {
      const client = await ctx.client(f.teacher.user.id);
      const get = () => app.inject({ method: 'GET', url: f.url, cookies: client.cookies });
      blocked = await blockGrids();
      const first = get();
      await until(async () => (await runningGrids()) === 1, 'the first grid runs');
      const second = get();
      await sleep(50);
      const refused = await get();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.json()).toMatchObject({ code: 'service_unavailable', request_id: expect.any(String) });
      expect(await runningGrids()).toBe(1);

      await blocked.release();
      blocked = undefined;
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('cancels a query past its time limit and answers 503', async () => {
    const started = Date.now();
    const failure = await executeCancellable(ctx.db, sql`select pg_sleep(10)`, { timeoutMs: 200 }).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).status).toBe(503);
    expect((failure as AppError).headers).toEqual({ 'retry-after': '5' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('QueryGate', () => {
  it('runs `concurrency` at once, queues `queue` more in order, refuses the rest and drops waiters that left', async () => {
    const gate = new QueryGate({ concurrency: 1, queue: 2 });
    const order: string[] = [];
    let finishFirst!: () => void;
    const first = gate.run(() => new Promise<void>((resolve) => (finishFirst = resolve)).then(() => order.push('a')));
    const left = new AbortController();
    const second = gate.run(async () => order.push('b'), left.signal).catch(() => order.push('b left'));
    const third = gate.run(async () => order.push('c'));
    await expect(gate.run(async () => order.push('d'))).rejects.toMatchObject({ status: 503 });
    expect(gate.load).toEqual({ running: 1, waiting: 2 });

    left.abort();
    await second;
    finishFirst();
    await Promise.all([first, third]);
    expect(order).toEqual(['b left', 'a', 'c']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('topic grids built before', () => {
  it('answer the same JSON, in each encoding, until a cell, the roster or the items change', async () => {
    const f = await smallClass();
    const teacher = await ctx.client(f.teacher.user.id);
    const get = async (encoding = 'identity') => {
      const res = await teacher.request({ method: 'GET', url: f.url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      const raw = res.rawPayload;
      const encodingUsed = res.headers['content-encoding'];
      const text =
        encodingUsed === 'br'
          ? brotliDecompressSync(raw).toString()
          : encodingUsed === 'gzip'
            ? gunzipSync(raw).toString()
            : raw.toString();
      return { text, encoding: encodingUsed ?? 'identity' };
    };
    const first = await get();
    expect(JSON.parse(first.text)).toMatchObject({ kind: 'topic', rows: [expect.anything()] });
    expect(await get()).toEqual(first);
    expect(await get('gzip, deflate, br')).toEqual({ text: first.text, encoding: 'br' });
    expect(await get('gzip')).toEqual({ text: first.text, encoding: 'gzip' });

    // A visit changes a cell.
    const { rows } = await ctx.db.execute<{ user_id: number; chunk_id: number }>(sql`
      select p.user_id, ch.id as chunk_id from enrolments e join profiles p on p.id = e.profile_id
      join school_classes k on k.id = e.class_id join lessons l on l.course_id = k.course_id
      join chunks ch on ch.lesson_id = l.id where e.class_id = ${f.klass.id} limit 1`);
    const student = await ctx.client(rows[0]!.user_id);
    await student.post(`/api/v1/classes/${f.klass.id}/chunks/${rows[0]!.chunk_id}/visit/`);
    const visited = await get();
    expect(visited.text).not.toEqual(first.text);
    expect(visited.text).toContain('"status":"visited","value":1');

    // A name on the roster changes, the cells do not.
    await ctx.db.execute(sql`update users set first_name = 'Renamed' where id = ${rows[0]!.user_id}`);
    const renamed = await get();
    expect(renamed.text).toContain('Renamed');
    expect(renamed.text).toContain('"status":"visited","value":1');
  });
});
