import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../../test/factories';
import { useTestApp, type TestClient } from '../../../../test/harness';
import { sittingAnswerSchema, sittingSchema } from '@banksia/contracts/exam-api';
import { put, sittingsTestSetup, start } from '../exam-test-setup';

// A class's control of an exam (locks) and its teachers' marking: marks, feedback, accepted alternatives.

const ctx = useTestApp();
const { setup, countSittings } = sittingsTestSetup(ctx);

describe('exam lock per class', () => {
  it('refuses start, answers and submit while locked, and lets students in once open again', async () => {
    const s = await setup();
    expect((await s.amy.get(s.urls.lock)).json()).toEqual({
      class_id: s.klass.id,
      exam_id: s.exam.id,
      status: 'OPEN',
      is_locked: false,
    });
    const sitting = await start(s.amy, s.urls.start);
    expect((await s.amy.post(s.urls.lock, { status: 'LOCKED_BY_TEACHER' })).statusCode).toBe(403);

    const locked = await s.teacher.post(s.urls.lock, { status: 'LOCKED_BY_TEACHER' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ status: 'LOCKED_BY_TEACHER', is_locked: true });
    expect((await s.amy.get(s.urls.lock)).json()).toMatchObject({ is_locked: true });

    for (const refused of [
      await s.bob.post(s.urls.start),
      await s.amy.post(s.urls.start),
      await put(s.amy, s.urls.answer(sitting.id, s.q[1]!), { answer: { text: 'x' }, version: 0 }),
      await s.amy.post(s.urls.submit(sitting.id)),
    ]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('exam_locked');
    }
    expect(await countSittings(s.exam.id, s.bobProfile.id)).toBe(0);

    // The other reading of the call (spec §7): {is_locked}.
    const opened = await s.teacher.post(s.urls.lock, { is_locked: false });
    expect(opened.json()).toMatchObject({ status: 'OPEN', is_locked: false });
    expect((await s.bob.post(s.urls.start)).statusCode).toBe(201);
    expect((await s.amy.post(s.urls.submit(sitting.id))).statusCode).toBe(200);
    // A submitted sitting answers the same after a lock.
    await s.teacher.post(s.urls.lock, { status: 'LOCKED_BY_TEACHER' });
    expect((await s.amy.post(s.urls.submit(sitting.id))).statusCode).toBe(200);

    // Setting the same status again changes nothing and is not audited again.
    await s.teacher.post(s.urls.lock, { status: 'LOCKED_BY_TEACHER' });
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `${s.klass.id}:${s.exam.id}`));
    expect(audited.map((a) => [a.action, a.actorUserId, a.after])).toEqual([
      ['exam.lock', s.teacherUser.id, { status: 'LOCKED_BY_TEACHER' }],
      ['exam.lock', s.teacherUser.id, { status: 'OPEN' }],
      ['exam.lock', s.teacherUser.id, { status: 'LOCKED_BY_TEACHER' }],
    ]);
  });

  it('is per class, refuses bad bodies, and is for the class’s teachers', async () => {
    const s = await setup();
    const sameCourse = await createClass(ctx.db, s.school, { courseId: s.klass.courseId });
    const carol = await createStudent(ctx.db, s.school, [sameCourse]);
    await s.teacher.post(s.urls.lock, { status: 'LOCKED_BY_TEACHER' });
    const carolStart = await (
      await ctx.client(carol.user.id)
    ).post(`/api/v1/classes/${sameCourse.id}/exams/${s.exam.id}/start/`);
    expect(carolStart.statusCode).toBe(201);

    expect((await s.teacher.post(s.urls.lock, {})).statusCode).toBe(400);
    expect((await s.teacher.post(s.urls.lock, { status: 'CLOSED' })).statusCode).toBe(400);
    expect((await s.teacher.post(s.urls.lock, { status: 'OPEN', is_locked: true })).statusCode).toBe(400);
    const school = await createSchool(ctx.db);
    const foreign = await createTeacher(ctx.db, school, [await createClass(ctx.db, school)]);
    const foreignClient = await ctx.client(foreign.user.id);
    expect((await foreignClient.post(s.urls.lock, { status: 'OPEN' })).statusCode).toBe(403);
    expect((await foreignClient.get(s.urls.lock)).statusCode).toBe(403);
  });
});

describe('teacher marking', () => {
  it('lets the class’s teacher mark a submitted answer within the question’s marks, with feedback', async () => {
    const s = await setup();
    const sitting = await start(s.amy, s.urls.start);
    await put(s.amy, s.urls.answer(sitting.id, s.q[4]!), { answer: { html: '<p>Essay</p>' }, version: 0 });
    const essay = s.urls.mark(sitting.id, s.q[4]!);
    const early = await put(s.teacher, essay, { marks_awarded: 2 });
    expect(early.statusCode).toBe(409);

    await s.amy.post(s.urls.submit(sitting.id));
    expect((await put(s.amy, essay, { marks_awarded: 4 })).statusCode).toBe(403);
    const school = await createSchool(ctx.db);
    const foreign = await createTeacher(ctx.db, school, [await createClass(ctx.db, school)]);
    expect((await put(await ctx.client(foreign.user.id), essay, { marks_awarded: 1 })).statusCode).toBe(403);
    const tooMany = await put(s.teacher, essay, { marks_awarded: 5 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ marks_awarded: ['At most 4.'] });

    const marked = await put(s.teacher, essay, {
      marks_awarded: 3,
      feedback: '<p>Good <a href="javascript:alert(1)">work</a></p>',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(sittingAnswerSchema.parse(marked.json())).toMatchObject({
      mark_status: 'partially_correct',
      marks_awarded: 3,
      feedback: '<p>Good <a>work</a></p>',
      answer: { html: '<p>Essay</p>' },
    });
    // A teacher may also override an automatic mark (an unanswered question here).
    expect((await put(s.teacher, s.urls.mark(sitting.id, s.q[1]!), { marks_awarded: 1 })).json()).toMatchObject({
      mark_status: 'correct',
      marks_awarded: 1,
    });

    // Until the teacher releases results, the student sees hand-marked answers as waiting, without marks or feedback.
    const held = sittingSchema.parse((await s.amy.get(s.urls.sitting)).json());
    expect(held.result).toEqual({ scored: true, released: false, marks_awarded: 0, marks_total: 10, needs_marking: 2 });
    expect(held.answers.find((a) => a.question_id === s.q[4])).toMatchObject({
      mark_status: 'needs_marking',
      marks_awarded: null,
      feedback: '',
    });
    const release = `/api/v1/classes/${s.klass.id}/exams/${s.exam.id}/release/`;
    expect((await s.amy.post(release, { released: true })).statusCode).toBe(403);
    const released = await s.teacher.post(release, { released: true });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      class_id: s.klass.id,
      exam_id: s.exam.id,
      released_at: expect.any(String),
    });
    const view = sittingSchema.parse((await s.amy.get(s.urls.sitting)).json());
    expect(view.result).toEqual({ scored: true, released: true, marks_awarded: 4, marks_total: 10, needs_marking: 0 });
    expect(view.answers.find((a) => a.question_id === s.q[4])).toMatchObject({ feedback: '<p>Good <a>work</a></p>' });
    const read = await s.teacher.get(`${s.urls.sitting}?profile_id=${s.amyProfile.id}`);
    expect(sittingSchema.parse(read.json()).id).toBe(sitting.id);
    const list = await s.teacher.get(s.urls.sittings);
    expect(list.statusCode).toBe(200);
    expect(list.json().students).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          profile_id: s.amyProfile.id,
          sitting: expect.objectContaining({ id: sitting.id, status: 'submitted', marks_awarded: 4, needs_marking: 0 }),
        }),
        expect.objectContaining({ profile_id: s.bobProfile.id, sitting: null }),
      ]),
    );
    expect((await s.amy.get(s.urls.sittings)).statusCode).toBe(403);
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'exam_answer.mark'));
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });
});

describe('accepting an alternative answer', () => {
  const acceptUrl = (s: { klass: { id: number }; exam: { id: number } }, questionId: number) =>
    `/api/v1/classes/${s.klass.id}/exams/${s.exam.id}/questions/${questionId}/accept-alternative/`;

  /** Starts, answers and submits a sitting; the answers are keyed by question index. */
  async function sit(c: TestClient, s: Awaited<ReturnType<typeof setup>>, answers: Record<number, object>) {
    const sitting = await start(c, s.urls.start);
    for (const [index, answer] of Object.entries(answers)) {
      const saved = await put(c, s.urls.answer(sitting.id, s.q[Number(index)]!), { answer, version: 0 });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const submitted = await c.post(s.urls.submit(sitting.id));
    expect(submitted.statusCode, submitted.body).toBe(200);
    return sittingSchema.parse(submitted.json());
  }

  const resultOf = async (s: Awaited<ReturnType<typeof setup>>, c: TestClient) =>
    sittingSchema.parse((await c.get(s.urls.sitting)).json());

  it('accepts a short-text alternative for everyone and re-marks submitted sittings; again changes nothing', async () => {
    const s = await setup({ questions: [{ type: 'short_text', marks: 2, accepted_answers: ['colour'] }] });
    await sit(s.amy, s, { 0: { text: 'colour' } });
    const bobs = await sit(s.bob, s, { 0: { text: 'color' } });
    expect(bobs.result).toMatchObject({ marks_awarded: 0, marks_total: 2 });
    expect(bobs.answers[0]).toMatchObject({ mark_status: 'incorrect', marks_awarded: 0 });

    const accepted = await s.teacher.post(acceptUrl(s, s.q[0]!), { alternative: ' Color ' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      question: { id: s.q[0], solution: { accepted_answers: ['colour', 'Color'] } },
      remarked: 2,
      changed: 1,
    });
    for (const c of [s.amy, s.bob]) {
      const sitting = await resultOf(s, c);
      expect(sitting.result).toMatchObject({ marks_awarded: 2, marks_total: 2 });
      expect(sitting.answers[0]).toMatchObject({ mark_status: 'correct', marks_awarded: 2 });
    }
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exam_question.accept_alternative'), eq(auditLog.entityId, String(s.q[0]))));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorUserId: s.teacherUser.id, schoolId: s.school.id });
    expect(audited[0]!.after).toMatchObject({ alternative: 'Color', remarked: 2, changed: 1 });

    // Already accepted (case does not matter here): the key and marks stay as they are.
    const again = await s.teacher.post(acceptUrl(s, s.q[0]!), { alternative: 'color' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      question: { solution: { accepted_answers: ['colour', 'Color'] } },
      remarked: 2,
      changed: 0,
    });
    const auditedAgain = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exam_question.accept_alternative'), eq(auditLog.entityId, String(s.q[0]))));
    expect(auditedAgain).toHaveLength(1);
  });

  it('re-marks answers in other classes and marks open sittings with the new key at submit', async () => {
    const s = await setup({ questions: [{ type: 'short_text', marks: 1, accepted_answers: ['colour'] }] });
    const other = await createClass(ctx.db, s.school, { courseId: s.klass.courseId });
    const carol = await createStudent(ctx.db, s.school, [other]);
    const carolClient = await ctx.client(carol.user.id);
    const otherUrls = `/api/v1/classes/${other.id}/exams/${s.exam.id}`;
    const carolSitting = await start(carolClient, `${otherUrls}/start/`);
    await put(carolClient, s.urls.answer(carolSitting.id, s.q[0]!), { answer: { text: 'color' }, version: 0 });
    expect((await carolClient.post(s.urls.submit(carolSitting.id))).statusCode).toBe(200);
    const amys = await start(s.amy, s.urls.start);
    await put(s.amy, s.urls.answer(amys.id, s.q[0]!), { answer: { text: 'color' }, version: 0 });

    const accepted = await s.teacher.post(acceptUrl(s, s.q[0]!), { alternative: 'color' });
    expect(accepted.json()).toMatchObject({ remarked: 1, changed: 1 });
    const carols = sittingSchema.parse((await carolClient.get(`${otherUrls}/sitting/`)).json());
    expect(carols.answers[0]).toMatchObject({ mark_status: 'correct', marks_awarded: 1 });
    const submitted = sittingSchema.parse((await s.amy.post(s.urls.submit(amys.id))).json());
    expect(submitted.answers[0]).toMatchObject({ mark_status: 'correct', marks_awarded: 1 });
  });

  it('accepts a numeric value with its unit, and a multiple-choice option', async () => {
    const s = await setup({
      questions: [
        { type: 'numeric', marks: 2, answer: 12.5, tolerance: 0.05, unit: 'cm' },
        {
          type: 'multiple_choice',
          marks: 1,
          options: [
            { id: 'a', text: 'A' },
            { id: 'b', text: 'B' },
          ],
          correct_option_ids: ['b'],
          multiple: false,
        },
      ],
    });
    await sit(s.amy, s, { 0: { value: '125 mm' }, 1: { option_ids: ['a'] } });
    await sit(s.bob, s, { 0: { value: '12.5' }, 1: { option_ids: ['b'] } });
    expect((await resultOf(s, s.amy)).result).toMatchObject({ marks_awarded: 0, marks_total: 3 });

    const numeric = await s.teacher.post(acceptUrl(s, s.q[0]!), { alternative: '125 mm' });
    expect(numeric.statusCode, numeric.body).toBe(200);
    expect(numeric.json()).toMatchObject({
      question: { solution: { answer: 12.5, accepted_units: ['mm'], accepted_values: [125] } },
      remarked: 2,
      changed: 1,
    });
    const choice = await s.teacher.post(acceptUrl(s, s.q[1]!), { alternative: 'a' });
    expect(choice.json()).toMatchObject({ question: { solution: { correct_option_ids: ['b', 'a'] } }, changed: 1 });
    expect((await resultOf(s, s.amy)).result).toMatchObject({ marks_awarded: 3, marks_total: 3 });
    expect((await resultOf(s, s.bob)).result).toMatchObject({ marks_awarded: 3, marks_total: 3 });

    for (const [questionIndex, alternative, message] of [
      [0, 'twelve', 'Not a number.'],
      [1, 'z', 'Not an option of this question.'],
      [0, '  ', 'Give the answer to accept.'],
    ] as const) {
      const refused = await s.teacher.post(acceptUrl(s, s.q[questionIndex]!), { alternative });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual({ alternative: [message] });
    }
  });

  it('leaves answers a teacher marked by hand alone', async () => {
    const s = await setup({ questions: [{ type: 'short_text', marks: 2, accepted_answers: ['colour'] }] });
    const amys = await sit(s.amy, s, { 0: { text: 'color' } });
    await sit(s.bob, s, { 0: { text: 'color' } });
    const marked = await put(s.teacher, s.urls.mark(amys.id, s.q[0]!), { marks_awarded: 1 });
    expect(marked.statusCode, marked.body).toBe(200);

    const accepted = await s.teacher.post(acceptUrl(s, s.q[0]!), { alternative: 'color' });
    expect(accepted.json()).toMatchObject({ remarked: 1, changed: 1 });
    const amysNow = await s.teacher.get(`${s.urls.sitting}?profile_id=${s.amyProfile.id}`);
    expect(sittingSchema.parse(amysNow.json()).answers[0]).toMatchObject({
      mark_status: 'partially_correct',
      marks_awarded: 1,
    });
    expect((await resultOf(s, s.bob)).answers[0]).toMatchObject({ mark_status: 'correct', marks_awarded: 2 });
  });

  it('is for those who may teach the class, on an exam of its course, and for objective questions only', async () => {
    const s = await setup({
      questions: [
        { type: 'short_text', marks: 1, accepted_answers: ['colour'] },
        { type: 'extended_response', marks: 4 },
      ],
    });
    const url = acceptUrl(s, s.q[0]!);
    const body = { alternative: 'color' };
    expect((await s.amy.post(url, body)).statusCode).toBe(403);

    // A teacher at another school, in the class's URL: 403; through their own class, whose course lacks the exam: 404.
    const school = await createSchool(ctx.db);
    const foreignClass = await createClass(ctx.db, school);
    const foreign = await ctx.client((await createTeacher(ctx.db, school, [foreignClass])).user.id);
    expect((await foreign.post(url, body)).statusCode).toBe(403);
    const ownClassUrl = `/api/v1/classes/${foreignClass.id}/exams/${s.exam.id}/questions/${s.q[0]}/accept-alternative/`;
    expect((await foreign.post(ownClassUrl, body)).statusCode).toBe(404);

    const staff = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
    expect((await staff.post(url, body)).statusCode).toBe(200);
    expect((await s.teacher.post(acceptUrl(s, 999_999), body)).statusCode).toBe(404);

    const essay = await s.teacher.post(acceptUrl(s, s.q[1]!), body);
    expect(essay.statusCode, essay.body).toBe(400);
    expect(Object.keys(essay.json().errors)).toEqual(['alternative']);
    expect((await s.teacher.post(url, {})).statusCode).toBe(400);
  });
});
