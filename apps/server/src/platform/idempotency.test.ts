import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { auditLog, checkoutSessions, classProducts, idempotencyKeys, supportRequests, tasks } from '../db/schema/index';
import {
  createClass,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createExamWithQuestions,
} from '../../test/factories';
import { makeClient, TEST_SECRET, useTestApp, type TestClient } from '../../test/harness';
import { mintCsrfToken } from './csrf';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, requestFingerprint } from './idempotency';
import { createSession, hashToken, revokeSession, SESSION_COOKIE } from './session';

const ctx = useTestApp();
const HOUR = 3_600_000;
const YEAR = 2026;

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends an unsafe request with an Idempotency-Key, as the web app's request helper does. */
function send(c: TestClient, method: Method, url: string, payload: unknown, key: string) {
  return c.request({
    method,
    url,
    headers: { 'idempotency-key': key },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The first answer was lost on its way back; the retry of the same request must get it again, not do the work. */
function expectReplayOf(
  retry: Awaited<ReturnType<typeof send>>,
  first: Awaited<ReturnType<typeof send>>,
  status: number,
) {
  expect(first.statusCode, first.body).toBe(status);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  expect(retry.statusCode, retry.body).toBe(status);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(retry.headers['content-type']).toBe(first.headers['content-type']);
  expect(retry.json()).toEqual(first.json());
}

async function keyRows(key: string) {
  return ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
}

const tasksOf = async (classId: number) =>
  (await ctx.db.select({ n: count() }).from(tasks).where(eq(tasks.classId, classId)))[0]!.n;
const messagesOf = async (userId: number) =>
  (await ctx.db.select({ n: count() }).from(supportRequests).where(eq(supportRequests.userId, userId)))[0]!.n;

async function setup() {
  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school, { calendarYear: YEAR, features: 'STANDARD' });
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const student = await createStudent(ctx.db, school, [klass], { firstName: 'Ava', lastName: 'Nguyen' });
  const lesson = await createLesson(ctx.db, { id: klass.courseId }, { title: 'Fractions' });
  return {
    school,
    klass,
    lesson,
    teacherUser: teacher.user,
    teacher: await ctx.client(teacher.user.id),
    studentUser: student.user,
    studentProfile: student.profile,
    student: await ctx.client(student.user.id),
  };
}
type Setup = Awaited<ReturnType<typeof setup>>;

function taskBody(s: Setup, title = 'Fractions homework') {
  return {
    class_id: s.klass.id,
    title,
    due_at: new Date(ctx.clock.now().getTime() + 7 * 24 * HOUR).toISOString(),
    items: [{ kind: 'lesson', lesson_id: s.lesson.lesson.id }],
  };
}

const message = { message: 'The video will not play.', page: '/classes/1/' };

describe('a retried write whose first answer was lost is applied once', () => {
  it('submitting an exam', async () => {
    const s = await setup();
    const { exam, questions } = await createExamWithQuestions(
      ctx.db,
      { id: s.klass.courseId },
      { questions: [{ type: 'short_text', marks: 1, accepted_answers: ['quarter'] }] },
    );
    const started = await s.student.post(`/api/v1/classes/${s.klass.id}/exams/${exam.id}/start/`);
    const sittingId = started.json().id as number;
    const answer = `/api/v1/sittings/${sittingId}/questions/${questions[0]!.id}/answer/`;
    expect((await s.student.put(answer, { answer: { text: 'quarter' }, version: 0 })).statusCode).toBe(200);

    const key = randomUUID();
    const first = await send(s.student, 'POST', `/api/v1/sittings/${sittingId}/submit/`, undefined, key);
    const retry = await send(s.student, 'POST', `/api/v1/sittings/${sittingId}/submit/`, undefined, key);

    expectReplayOf(retry, first, 200);
    expect(first.json()).toMatchObject({ id: sittingId, status: 'submitted' });
    const submits = await ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exam_sitting.submit'), eq(auditLog.entityId, String(sittingId))));
    expect(submits[0]!.n).toBe(1);
  });

  it('creating a task', async () => {
    const s = await setup();
    const key = randomUUID();
    const first = await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), key);
    const retry = await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), key);

    expectReplayOf(retry, first, 201);
    expect(await tasksOf(s.klass.id)).toBe(1);
    // A new request (a new key) is new work.
    expect((await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), randomUUID())).statusCode).toBe(201);
    expect(await tasksOf(s.klass.id)).toBe(2);
  });

  it('sending a message', async () => {
    const s = await setup();
    const key = randomUUID();
    const first = await send(s.student, 'POST', '/api/v1/support/requests/', message, key);
    const retry = await send(s.student, 'POST', '/api/v1/support/requests/', message, key);

    expectReplayOf(retry, first, 201);
    expect(await messagesOf(s.studentUser.id)).toBe(1);
  });

  it('starting checkout', async () => {
    const s = await setup();
    await ctx.db
      .insert(classProducts)
      .values({
        schoolId: s.school.id,
        calendarYear: YEAR,
        feature: 'STANDARD',
        priceCents: 45_000,
        currency: 'AUD',
        updatedAt: ctx.clock.now(),
      })
      .onConflictDoNothing();
    const me = await s.student.get(`/api/v1/payments/me/?calendar_year=${YEAR}`);
    const code = me.json().links[0].code as string;

    const key = randomUUID();
    const first = await send(s.student, 'POST', `/api/v1/payments/links/${code}/checkout/`, undefined, key);
    const retry = await send(s.student, 'POST', `/api/v1/payments/links/${code}/checkout/`, undefined, key);

    expectReplayOf(retry, first, 201);
    const sessions = await ctx.db
      .select({ n: count() })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.profileId, s.studentProfile.id));
    expect(sessions[0]!.n).toBe(1);
  });

  it('keeps a 4xx answer too: the retry is refused the same way without running the route', async () => {
    const s = await setup();
    const elsewhere = await createClass(ctx.db, s.school);
    const key = randomUUID();
    const body = { ...taskBody(s), class_id: elsewhere.id };
    const first = await send(s.teacher, 'POST', '/api/v1/tasks/', body, key);
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(first.statusCode).toBeLessThan(500);
    const retry = await send(s.teacher, 'POST', '/api/v1/tasks/', body, key);
    expectReplayOf(retry, first, first.statusCode);
  });
});

describe('what a key may not do', () => {
  it('refuses the same key for a different body or address, naming the header, and does no work', async () => {
    const s = await setup();
    const key = randomUUID();
    expect((await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), key)).statusCode).toBe(201);

    const otherBody = await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s, 'Something else'), key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({
      code: 'idempotency_key_reused',
      errors: { 'Idempotency-Key': [expect.any(String)] },
    });
    expect(otherBody.json().detail).toContain('Idempotency-Key');

    const otherPath = await send(s.teacher, 'POST', '/api/v1/support/requests/', message, key);
    expect(otherPath.statusCode).toBe(422);
    expect(await tasksOf(s.klass.id)).toBe(1);
    expect(await messagesOf(s.teacherUser.id)).toBe(0);
  });

  it('answers 400 naming Idempotency-Key for a malformed key, before any work', async () => {
    const s = await setup();
    for (const bad of ['x'.repeat(256), 'has a space', 'tab\there', 'ünïcode']) {
      const res = await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request', errors: { 'Idempotency-Key': [expect.any(String)] } });
      expect(res.json().detail).toContain('Idempotency-Key');
    }
    expect(await tasksOf(s.klass.id)).toBe(0);
    expect((await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), 'k'.repeat(255))).statusCode).toBe(201);
  });

  it("keys belong to a session: another session's same key is its own request", async () => {
    const s = await setup();
    const key = randomUUID();
    const otherSession = await ctx.client(s.studentUser.id);
    const first = await send(s.student, 'POST', '/api/v1/support/requests/', message, key);
    const second = await send(otherSession, 'POST', '/api/v1/support/requests/', message, key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().id).not.toBe(first.json().id);
    expect(await messagesOf(s.studentUser.id)).toBe(2);
  });

  it('passes anonymous requests through unchanged, whatever their key', async () => {
    const anonymous = await ctx.client();
    const body = { ...message, email: 'parent@example.test' };
    const key = randomUUID();
    const first = await send(anonymous, 'POST', '/api/v1/support/requests/', body, key);
    const second = await send(anonymous, 'POST', '/api/v1/support/requests/', body, key);
    const malformed = await send(anonymous, 'POST', '/api/v1/support/requests/', body, 'not a key');
    expect([first.statusCode, second.statusCode, malformed.statusCode]).toEqual([201, 201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(new Set([first.json().id, second.json().id, malformed.json().id]).size).toBe(3);
    expect(await keyRows(key)).toHaveLength(0);
  });

  it('does not keep a refusal of the CSRF token: the resend with a fresh token (same key) does the work', async () => {
    const s = await setup();
    const key = randomUUID();
    const refused = await s.teacher.request({
      method: 'POST',
      url: '/api/v1/tasks/',
      payload: taskBody(s),
      headers: { 'idempotency-key': key, 'x-csrftoken': 'stale' },
    });
    expect(refused.statusCode).toBe(403);
    const resent = await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), key);
    expect(resent.statusCode).toBe(201);
    expect(resent.headers['idempotent-replayed']).toBeUndefined();
    expect(await tasksOf(s.klass.id)).toBe(1);
  });
});

describe('concurrency and failures', () => {
  it('does not do the work twice when the retry arrives while the first try is still running', async () => {
    const s = await setup();
    const key = randomUUID();
    // Holds every insert into tasks until released, so the first try is caught mid-work.
    const blocker = new pg.Client({ connectionString: ctx.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table tasks in exclusive mode');
      const firstTry = send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), key);
      await expect.poll(async () => (await keyRows(key)).length, { interval: 10, timeout: 5_000 }).toBe(1);

      const duplicate = await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), key);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({ code: 'request_in_progress', detail: expect.any(String) });
      expect(duplicate.headers['retry-after']).toBe('1');

      await blocker.query('commit');
      const first = await firstTry;
      const retry = await send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), key);
      expectReplayOf(retry, first, 201);
      expect(await tasksOf(s.klass.id)).toBe(1);
    } finally {
      await blocker.end();
    }
  });

  it('keeps the answer of a request whose connection was gone before it was answered (a real socket)', async () => {
    const s = await setup();
    const key = randomUUID();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const blocker = new pg.Client({ connectionString: ctx.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table support_requests in exclusive mode');
      const cookies = Object.entries(s.student.cookies).map(([name, value]) => `${name}=${value}`);
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/support/requests/',
        agent: false,
        headers: {
          'content-type': 'application/json',
          cookie: cookies.join('; '),
          'x-csrftoken': s.student.cookies.csrftoken!,
          'idempotency-key': key,
        },
      });
      request.on('error', () => {}); // the socket is torn down on purpose
      request.end(JSON.stringify(message));
      await expect.poll(async () => (await keyRows(key)).length, { interval: 10, timeout: 5_000 }).toBe(1);
      request.destroy(); // the answer is lost: the client is gone before the server answers
      await blocker.query('commit');
      await expect
        .poll(async () => (await keyRows(key))[0]?.statusCode ?? null, { interval: 10, timeout: 5_000 })
        .toBe(201);
    } finally {
      await blocker.end();
    }
    const retry = await send(s.student, 'POST', '/api/v1/support/requests/', message, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await messagesOf(s.studentUser.id)).toBe(1);
  });

  it('runs two simultaneous sends of one request once', async () => {
    const s = await setup();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(s.teacher, 'POST', '/api/v1/tasks/', taskBody(s), key)),
    );
    expect(answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed'])).toHaveLength(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect(await tasksOf(s.klass.id)).toBe(1);
  });

  it('does not keep a 5xx: the key is freed and the retry does the work', async () => {
    const s = await setup();
    const key = randomUUID();
    await ctx.db.execute(
      sql.raw(`
      create function idempotency_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full'; end $$;
      create trigger idempotency_test_fail before insert on support_requests
        for each row execute function idempotency_test_fail();`),
    );
    let failed: Awaited<ReturnType<typeof send>> | undefined;
    try {
      failed = await send(s.student, 'POST', '/api/v1/support/requests/', message, key);
    } finally {
      await ctx.db.execute(
        sql.raw(`drop trigger idempotency_test_fail on support_requests; drop function idempotency_test_fail();`),
      );
    }
    expect(failed!.statusCode).toBe(500);
    expect(await keyRows(key)).toHaveLength(0);

    const retry = await send(s.student, 'POST', '/api/v1/support/requests/', message, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await messagesOf(s.studentUser.id)).toBe(1);
  });

  it('lets a retry take over a claim abandoned past the lease (the process died mid-request)', async () => {
    const s = await setup();
    const key = randomUUID();
    const body = taskBody(s);
    // What a first try leaves when its process dies after claiming the key: a claim without an answer.
    await ctx.db.insert(idempotencyKeys).values({
      sessionHash: hashToken(s.teacher.cookies[SESSION_COOKIE]!),
      key,
      fingerprint: requestFingerprint('POST', '/api/v1/tasks/', body),
      createdAt: ctx.clock.now(),
    });
    // Within the lease the first try may yet answer: the retry waits.
    ctx.clock.advance(IDEMPOTENCY_LEASE_MS - 1_000);
    expect((await send(s.teacher, 'POST', '/api/v1/tasks/', body, key)).statusCode).toBe(409);
    ctx.clock.advance(2_000);
    const res = await send(s.teacher, 'POST', '/api/v1/tasks/', body, key);
    expect(res.statusCode).toBe(201);
    expect(await tasksOf(s.klass.id)).toBe(1);
    expectReplayOf(await send(s.teacher, 'POST', '/api/v1/tasks/', body, key), res, 201);
  });
});

describe('24 hours', () => {
  /** A client whose session outlives a day (SESSION_ABSOLUTE_HOURS above 24), kept alive by a visit each hour. */
  async function longSession(userId: number) {
    const config = { ...ctx.config, session: { ...ctx.config.session, absoluteMs: 72 * HOUR } };
    const session = await createSession({ db: ctx.db, clock: ctx.clock, config }, userId);
    const client = makeClient(ctx.app, {
      [SESSION_COOKIE]: session.token,
      csrftoken: mintCsrfToken(TEST_SECRET, session.hash),
    });
    const pass = async (ms: number) => {
      for (let left = ms; left > 0; left -= HOUR) {
        ctx.clock.advance(Math.min(HOUR, left));
        expect((await client.get('/api/v1/auth/session/')).statusCode).toBe(200);
      }
    };
    return { client, hash: session.hash, pass };
  }

  it('answers a retry from the store for 24 hours, then treats the key as new', async () => {
    const s = await setup();
    const { client, pass } = await longSession(s.teacherUser.id);
    const key = randomUUID();
    const body = taskBody(s);
    const first = await send(client, 'POST', '/api/v1/tasks/', body, key);
    await pass(IDEMPOTENCY_TTL_MS - HOUR);
    expectReplayOf(await send(client, 'POST', '/api/v1/tasks/', body, key), first, 201);
    expect(await tasksOf(s.klass.id)).toBe(1);

    await pass(HOUR + 60_000);
    const late = await send(client, 'POST', '/api/v1/tasks/', body, key);
    expect(late.statusCode).toBe(201);
    expect(late.headers['idempotent-replayed']).toBeUndefined();
    expect(await tasksOf(s.klass.id)).toBe(2);
  });

  it('is cleaned by the sessions clean-up job after 24 hours, and with its session', async () => {
    const s = await setup();
    const { client, hash, pass } = await longSession(s.teacherUser.id);
    const old = randomUUID();
    const young = randomUUID();
    expect((await send(client, 'POST', '/api/v1/support/requests/', message, old)).statusCode).toBe(201);
    await pass(2 * HOUR);
    expect((await send(client, 'POST', '/api/v1/support/requests/', message, young)).statusCode).toBe(201);
    await pass(IDEMPOTENCY_TTL_MS - HOUR);

    await ctx.jobs.enqueue('sessions-cleanup', {});
    await ctx.jobs.runQueued('sessions-cleanup', ctx.deps);
    expect(await keyRows(old)).toHaveLength(0);
    expect(await keyRows(young)).toHaveLength(1);

    await revokeSession(ctx.db, hash);
    expect(await keyRows(young)).toHaveLength(0);
  });
});
