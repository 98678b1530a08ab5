import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, auditLog, examAnswers, examSittings } from '../../db/schema/index';
import {
  createClass,
  createCourse,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
  createExamWithQuestions,
  type QuestionInput,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { LATE_SAVE_GRACE_MS } from './exams.service';
import { examViewSchema, sittingAnswerSchema, sittingSchema, type Sitting } from '@banksia/contracts/exam-api';

const ctx = useTestApp();

const MINUTE = 60_000;

/** One question of each objective type, and an extended response for a teacher to mark. */
const mixedQuestions: QuestionInput[] = [
  {
    type: 'multiple_choice',
    marks: 1,
    prompt: '<p>What is 2 + 2?</p><script>alert(1)</script>',
    worked_solution: '<p>Count on two from two.</p>',
    options: [
      { id: 'a', text: '<p>3</p>' },
      { id: 'b', text: '<p onclick="x()">4</p>' },
    ],
    correct_option_ids: ['b'],
    multiple: false,
  },
  { type: 'short_text', marks: 1, accepted_answers: ['Canberra'] },
  { type: 'numeric', marks: 2, answer: 12.5, tolerance: 0.05, unit: 'cm', accepted_units: ['centimetres'] },
  { type: 'maths_expression', marks: 2, accepted_answers: ['2(x+1)'], variables: ['x'] },
  { type: 'extended_response', marks: 4, section: 1 },
];

async function setup(
  options: { timeLimitMinutes?: number; kind?: 'exam' | 'question_set'; questions?: QuestionInput[] } = {},
) {
  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school);
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const amy = await createStudent(ctx.db, school, [klass]);
  const bob = await createStudent(ctx.db, school, [klass]);
  const { exam, questions } = await createExamWithQuestions(
    ctx.db,
    { id: klass.courseId },
    {
      questions: options.questions ?? mixedQuestions,
      sections: ['Section A', 'Section B'],
      exam: { timeLimitMinutes: options.timeLimitMinutes ?? null, kind: options.kind ?? 'exam' },
    },
  );
  const base = `/api/v1/classes/${klass.id}/exams/${exam.id}`;
  return {
    school,
    klass,
    exam,
    questions,
    q: questions.map((row) => row.id),
    teacher: await ctx.client(teacher.user.id),
    teacherUser: teacher.user,
    amy: await ctx.client(amy.user.id),
    amyProfile: amy.profile,
    bob: await ctx.client(bob.user.id),
    bobProfile: bob.profile,
    urls: {
      exam: `/api/v1/exams/${exam.id}/`,
      start: `${base}/start/`,
      sitting: `${base}/sitting/`,
      sittings: `${base}/sittings/`,
      lock: `${base}/lock/`,
      answer: (sittingId: number, questionId: number) =>
        `/api/v1/sittings/${sittingId}/questions/${questionId}/answer/`,
      mark: (sittingId: number, questionId: number) => `/api/v1/sittings/${sittingId}/questions/${questionId}/mark/`,
      submit: (sittingId: number) => `/api/v1/sittings/${sittingId}/submit/`,
    },
  };
}

const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

async function start(c: TestClient, url: string): Promise<Sitting> {
  const response = await c.post(url);
  expect([200, 201], response.body).toContain(response.statusCode);
  return sittingSchema.parse(response.json());
}

async function countSittings(examId: number, profileId: number): Promise<number> {
  const rows = await ctx.db
    .select({ id: examSittings.id })
    .from(examSittings)
    .where(and(eq(examSittings.examId, examId), eq(examSittings.profileId, profileId)));
  return rows.length;
}

describe('reading an exam', () => {
  it('gives students the questions without answers or solutions until they submit; markers get everything', async () => {
    const s = await setup();
    const asStudent = await s.amy.get(s.urls.exam);
    expect(asStudent.statusCode, asStudent.body).toBe(200);
    const view = examViewSchema.parse(asStudent.json());
    expect(view).toMatchObject({ id: s.exam.id, question_count: 5, marks_total: '10', time_limit_minutes: null });
    expect(view.sections.map((section) => [section.title, section.questions.length])).toEqual([
      ['Section A', 4],
      ['Section B', 1],
    ]);
    const [mc, , numeric, maths] = view.sections[0]!.questions;
    // Sanitised on the way in.
    expect(mc).toMatchObject({ type: 'multiple_choice', prompt: '<p>What is 2 + 2?</p>', multiple: false });
    expect(mc!.options).toEqual([
      { id: 'a', text: '<p>3</p>' },
      { id: 'b', text: '<p>4</p>' },
    ]);
    expect(numeric).toMatchObject({ unit: 'cm' });
    expect(maths).toMatchObject({ variables: ['x'] });
    for (const question of view.sections.flatMap((section) => section.questions)) expect(question.solution).toBeNull();
    for (const secret of [
      'correct_option_ids',
      'accepted_answers',
      'Canberra',
      'centimetres',
      '12.5',
      'tolerance',
      'Count on',
    ]) {
      expect(asStudent.body).not.toContain(secret);
    }

    const asTeacher = examViewSchema.parse((await s.teacher.get(s.urls.exam)).json());
    const teacherQuestions = asTeacher.sections.flatMap((section) => section.questions);
    expect(teacherQuestions[0]!.solution).toEqual({
      worked_solution: '<p>Count on two from two.</p>',
      correct_option_ids: ['b'],
    });
    expect(teacherQuestions[2]!.solution).toMatchObject({
      answer: 12.5,
      tolerance: 0.05,
      accepted_units: ['centimetres'],
    });

    const sitting = await start(s.amy, s.urls.start);
    expect(examViewSchema.parse((await s.amy.get(s.urls.exam)).json()).sections[0]!.questions[0]!.solution).toBeNull();
    expect((await s.amy.post(s.urls.submit(sitting.id))).statusCode).toBe(200);
    const after = examViewSchema.parse((await s.amy.get(s.urls.exam)).json());
    expect(after.sections[0]!.questions[1]!.solution).toMatchObject({ accepted_answers: ['Canberra'] });
    // Bob has not submitted: still nothing for him.
    expect((await s.bob.get(s.urls.exam)).body).not.toContain('Canberra');
  });

  it('is 404 to students while unpublished or not submittable, 403 outside the course, open to content staff', async () => {
    const s = await setup();
    const school = await createSchool(ctx.db);
    const foreign = await createTeacher(ctx.db, school, [await createClass(ctx.db, school)]);
    expect((await (await ctx.client(foreign.user.id)).get(s.urls.exam)).statusCode).toBe(403);
    const other = await createStudent(ctx.db, s.school, [await createClass(ctx.db, s.school)]);
    expect((await (await ctx.client(other.user.id)).get(s.urls.exam)).statusCode).toBe(403);
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    expect((await (await ctx.client(staff.id)).get(s.urls.exam)).statusCode).toBe(200);
    expect((await s.amy.get('/api/v1/exams/999999/')).statusCode).toBe(404);

    const { exam: draft } = await createExamWithQuestions(
      ctx.db,
      { id: s.klass.courseId },
      {
        questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
        exam: { isPublished: false },
      },
    );
    expect((await s.amy.get(`/api/v1/exams/${draft.id}/`)).statusCode).toBe(404);
    expect((await s.teacher.get(`/api/v1/exams/${draft.id}/`)).statusCode).toBe(200);
    expect((await s.amy.post(`/api/v1/classes/${s.klass.id}/exams/${draft.id}/start/`)).statusCode).toBe(404);

    const { exam: printOnly } = await createExamWithQuestions(
      ctx.db,
      { id: s.klass.courseId },
      {
        questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
        exam: { isSubmittable: false },
      },
    );
    expect((await s.amy.get(`/api/v1/exams/${printOnly.id}/`)).statusCode).toBe(404);
    expect((await s.amy.post(`/api/v1/classes/${s.klass.id}/exams/${printOnly.id}/start/`)).statusCode).toBe(404);
  });
});

describe('starting a sitting', () => {
  it('starts once and resumes after, for students of the class only', async () => {
    const s = await setup();
    const first = await s.amy.post(s.urls.start);
    expect(first.statusCode, first.body).toBe(201);
    const sitting = sittingSchema.parse(first.json());
    expect(sitting).toMatchObject({
      exam_id: s.exam.id,
      class_id: s.klass.id,
      profile_id: s.amyProfile.id,
      status: 'open',
      started_at: ctx.clock.now().toISOString(),
      deadline: null,
      time_remaining_seconds: null,
      answers: [],
      result: null,
    });
    const again = await s.amy.post(s.urls.start);
    expect(again.statusCode).toBe(200);
    expect(sittingSchema.parse(again.json()).id).toBe(sitting.id);
    expect(sittingSchema.parse((await s.amy.get(s.urls.sitting)).json()).id).toBe(sitting.id);

    // Not started yet: an answer (null), not an error.
    const none = await s.bob.get(s.urls.sitting);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await s.teacher.post(s.urls.start)).statusCode).toBe(403);
    expect((await s.teacher.get(s.urls.sitting)).statusCode).toBe(403);
    // An exam of another course is not in this class.
    const { exam: elsewhere } = await createExamWithQuestions(ctx.db, await createCourse(ctx.db), {
      questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
    });
    expect((await s.amy.post(`/api/v1/classes/${s.klass.id}/exams/${elsewhere.id}/start/`)).statusCode).toBe(404);
  });

  it('makes one sitting of five concurrent starts', async () => {
    const s = await setup();
    const responses = await Promise.all(Array.from({ length: 5 }, () => s.amy.post(s.urls.start)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => sittingSchema.parse(r.json()).id)).size).toBe(1);
    expect(await countSittings(s.exam.id, s.amyProfile.id)).toBe(1);
  });

  it('sits an exam once, while a question set may be taken again', async () => {
    const s = await setup();
    const sitting = await start(s.amy, s.urls.start);
    await s.amy.post(s.urls.submit(sitting.id));
    const again = await s.amy.post(s.urls.start);
    expect(again.statusCode).toBe(200);
    expect(sittingSchema.parse(again.json())).toMatchObject({ id: sitting.id, status: 'submitted' });

    const set = await setup({ kind: 'question_set' });
    const first = await start(set.amy, set.urls.start);
    await set.amy.post(set.urls.submit(first.id));
    const retake = await set.amy.post(set.urls.start);
    expect(retake.statusCode).toBe(201);
    expect(sittingSchema.parse(retake.json())).toMatchObject({ status: 'open', answers: [] });
    expect(await countSittings(set.exam.id, set.amyProfile.id)).toBe(2);
    expect(sittingSchema.parse((await set.amy.get(set.urls.sitting)).json()).id).not.toBe(first.id);
  });
});

describe('answering', () => {
  it('saves an answer with a version, refusing a stale version and a wrong shape', async () => {
    const s = await setup();
    const sitting = await start(s.amy, s.urls.start);
    const url = s.urls.answer(sitting.id, s.q[1]!);
    const saved = await put(s.amy, url, { answer: { text: 'Sydney' }, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(sittingAnswerSchema.parse(saved.json())).toMatchObject({
      question_id: s.q[1],
      answer: { text: 'Sydney' },
      version: 1,
      mark_status: null,
      marks_awarded: null,
    });

    const stale = await put(s.amy, url, { answer: { text: 'Perth' }, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    const next = await put(s.amy, url, { answer: { text: 'Canberra' }, version: 1 });
    expect(sittingAnswerSchema.parse(next.json())).toMatchObject({ answer: { text: 'Canberra' }, version: 2 });
    // A version from the future (no such save) is stale too.
    expect(
      (await put(s.amy, s.urls.answer(sitting.id, s.q[0]!), { answer: { option_ids: ['a'] }, version: 3 })).statusCode,
    ).toBe(409);

    const wrongShape = await put(s.amy, s.urls.answer(sitting.id, s.q[0]!), { answer: { text: 'b' }, version: 0 });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json()).toMatchObject({ code: 'validation_failed' });
    expect(Object.keys(wrongShape.json().errors)).toEqual(['answer.option_ids']);
    const noVersion = await put(s.amy, url, { answer: { text: 'x' } });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().errors).toHaveProperty('version');

    const html = await put(s.amy, s.urls.answer(sitting.id, s.q[4]!), {
      answer: { html: '<p>Because <img src=x onerror="alert(1)">it is</p>' },
      version: 0,
    });
    expect(sittingAnswerSchema.parse(html.json()).answer).toEqual({ html: '<p>Because it is</p>' });

    const view = sittingSchema.parse((await s.amy.get(s.urls.sitting)).json());
    expect(view.answers.map((a) => [a.question_id, a.version])).toEqual([
      [s.q[1], 2],
      [s.q[4], 1],
    ]);
  });

  it('lets only the owner save, and only questions of the sitting exam', async () => {
    const s = await setup();
    const sitting = await start(s.amy, s.urls.start);
    const url = s.urls.answer(sitting.id, s.q[1]!);
    expect((await put(s.bob, url, { answer: { text: 'x' }, version: 0 })).statusCode).toBe(403);
    expect((await put(s.teacher, url, { answer: { text: 'x' }, version: 0 })).statusCode).toBe(403);
    expect((await s.bob.post(s.urls.submit(sitting.id))).statusCode).toBe(403);
    expect((await s.bob.get(`${s.urls.sitting}?profile_id=${s.amyProfile.id}`)).statusCode).toBe(403);
    expect((await put(s.amy, s.urls.answer(999999, s.q[1]!), { answer: { text: 'x' }, version: 0 })).statusCode).toBe(
      404,
    );
    const other = await setup();
    const otherQuestion = s.urls.answer(sitting.id, other.q[1]!);
    expect((await put(s.amy, otherQuestion, { answer: { text: 'x' }, version: 0 })).statusCode).toBe(404);
  });

  it('takes an activity question only with the student’s own response to that activity', async () => {
    const [activity] = await ctx.db
      .insert(activities)
      .values({ title: 'Draw it', blocks: [], updatedAt: ctx.clock.now() })
      .returning();
    const s = await setup({ questions: [{ type: 'activity', marks: 3, activity_id: activity!.id }] });
    // Activities answer in a class only when they belong to its course.
    await ctx.db.update(activities).set({ courseId: s.klass.courseId }).where(eq(activities.id, activity!.id));
    const sitting = await start(s.amy, s.urls.start);
    const own = await s.amy.get(`/api/v1/activities/activities/${activity!.id}/classes/${s.klass.id}/response/`);
    const bobs = await s.bob.get(`/api/v1/activities/activities/${activity!.id}/classes/${s.klass.id}/response/`);
    const url = s.urls.answer(sitting.id, s.q[0]!);
    const wrong = await put(s.amy, url, { answer: { activity_response_id: bobs.json().id }, version: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty(['answer.activity_response_id']);
    expect((await put(s.amy, url, { answer: { activity_response_id: own.json().id }, version: 0 })).statusCode).toBe(
      200,
    );
    const submitted = sittingSchema.parse((await s.amy.post(s.urls.submit(sitting.id))).json());
    expect(submitted.answers[0]).toMatchObject({ mark_status: 'needs_marking', marks_awarded: null });
    expect(submitted.result).toEqual({
      scored: true,
      released: false,
      marks_awarded: 0,
      marks_total: 3,
      needs_marking: 1,
    });
  });
});

describe('submitting', () => {
  /** Right, right (case and spacing aside), wrong (13 is not 12.5 ± 0.05), right (equivalent), an essay. */
  async function answerAll(s: Awaited<ReturnType<typeof setup>>, sittingId: number) {
    const answers = [
      { option_ids: ['b'] },
      { text: '  canberra ' },
      { value: '13 cm' },
      { latex: '2x+2' },
      { html: '<p>An essay.</p>' },
    ];
    for (const [index, answer] of answers.entries()) {
      const response = await put(s.amy, s.urls.answer(sittingId, s.q[index]!), { answer, version: 0 });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  it('marks objective questions at submit; extended responses wait for a teacher', async () => {
    const s = await setup();
    const sitting = await start(s.amy, s.urls.start);
    await answerAll(s, sitting.id);
    ctx.clock.advance(5 * MINUTE);
    const response = await s.amy.post(s.urls.submit(sitting.id));
    expect(response.statusCode, response.body).toBe(200);
    const submitted = sittingSchema.parse(response.json());
    expect(submitted).toMatchObject({ status: 'submitted', submitted_at: ctx.clock.now().toISOString() });
    expect(submitted.answers.map((a) => [a.question_id, a.mark_status, a.marks_awarded])).toEqual([
      [s.q[0], 'correct', 1],
      [s.q[1], 'correct', 1],
      [s.q[2], 'incorrect', 0],
      [s.q[3], 'correct', 2],
      [s.q[4], 'needs_marking', null],
    ]);
    expect(submitted.result).toEqual({
      scored: true,
      released: false,
      marks_awarded: 4,
      marks_total: 10,
      needs_marking: 1,
    });

    const late = await put(s.amy, s.urls.answer(sitting.id, s.q[2]!), { answer: { value: '12.5' }, version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('sitting_submitted');
  });

  it('records unanswered questions as unanswered with no marks', async () => {
    const s = await setup();
    const sitting = await start(s.amy, s.urls.start);
    await put(s.amy, s.urls.answer(sitting.id, s.q[0]!), { answer: { option_ids: ['a'] }, version: 0 });
    const submitted = sittingSchema.parse((await s.amy.post(s.urls.submit(sitting.id))).json());
    expect(submitted.answers.map((a) => [a.mark_status, a.marks_awarded, a.answer])).toEqual([
      ['incorrect', 0, { option_ids: ['a'] }],
      ['unanswered', 0, null],
      ['unanswered', 0, null],
      ['unanswered', 0, null],
      ['unanswered', 0, null],
    ]);
    expect(submitted.result).toEqual({
      scored: true,
      released: false,
      marks_awarded: 0,
      marks_total: 10,
      needs_marking: 0,
    });
  });

  it('makes one submission of a double submit, one after the other or at once', async () => {
    const s = await setup();
    const sitting = await start(s.amy, s.urls.start);
    await answerAll(s, sitting.id);
    const first = await s.amy.post(s.urls.submit(sitting.id));
    ctx.clock.advance(MINUTE);
    const second = await s.amy.post(s.urls.submit(sitting.id));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    const b = await start(s.bob, s.urls.start);
    await put(s.bob, s.urls.answer(b.id, s.q[1]!), { answer: { text: 'Canberra' }, version: 0 });
    const both = await Promise.all([s.bob.post(s.urls.submit(b.id)), s.bob.post(s.urls.submit(b.id))]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json()).toEqual(both[1]!.json());
    const rows = await ctx.db.select().from(examAnswers).where(eq(examAnswers.sittingId, b.id));
    expect(rows).toHaveLength(5);
    expect(await countSittings(s.exam.id, s.bobProfile.id)).toBe(1);
    for (const id of [sitting.id, b.id]) {
      const submissions = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'exam_sitting.submit'), eq(auditLog.entityId, String(id))));
      expect(submissions).toHaveLength(1);
    }
  });
});

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

describe('time limit and extra time', () => {
  it('counts down from the start, takes saves until the deadline (with a short grace), and still submits', async () => {
    const s = await setup({ timeLimitMinutes: 30 });
    const startedAt = ctx.clock.now();
    const sitting = await start(s.amy, s.urls.start);
    expect(sitting).toMatchObject({
      time_limit_minutes: 30,
      extra_time_minutes: 0,
      deadline: new Date(startedAt.getTime() + 30 * MINUTE).toISOString(),
      time_remaining_seconds: 1800,
    });
    ctx.clock.advance(29 * MINUTE);
    expect(sittingSchema.parse((await s.amy.get(s.urls.sitting)).json()).time_remaining_seconds).toBe(60);
    const url = s.urls.answer(sitting.id, s.q[1]!);
    expect((await put(s.amy, url, { answer: { text: 'Canberra' }, version: 0 })).statusCode).toBe(200);

    ctx.clock.advance(MINUTE + LATE_SAVE_GRACE_MS);
    expect((await put(s.amy, url, { answer: { text: 'Canberra!' }, version: 1 })).statusCode).toBe(200);
    expect(sittingSchema.parse((await s.amy.get(s.urls.sitting)).json()).time_remaining_seconds).toBe(0);
    ctx.clock.advance(1000);
    const late = await put(s.amy, url, { answer: { text: 'Sydney' }, version: 2 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('time_up');

    const submitted = await s.amy.post(s.urls.submit(sitting.id));
    expect(submitted.statusCode).toBe(200);
    expect(sittingSchema.parse(submitted.json())).toMatchObject({ status: 'submitted', time_remaining_seconds: null });
  });

  it('gives a student their extra time, in sittings they start and in one they have open', async () => {
    const s = await setup({ timeLimitMinutes: 30 });
    const extraUrl = (profileId: number) => `/api/v1/classes/${s.klass.id}/students/${profileId}/extra-time/`;
    expect((await put(s.amy, extraUrl(s.amyProfile.id), { minutes: 60 })).statusCode).toBe(403);
    const set = await put(s.teacher, extraUrl(s.amyProfile.id), { minutes: 10 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ class_id: s.klass.id, profile_id: s.amyProfile.id, minutes: 10 });

    const startedAt = ctx.clock.now().getTime();
    const amys = await start(s.amy, s.urls.start);
    expect(amys).toMatchObject({ extra_time_minutes: 10, time_remaining_seconds: 40 * 60 });
    const bobs = await start(s.bob, s.urls.start);
    expect(bobs).toMatchObject({ extra_time_minutes: 0, time_remaining_seconds: 30 * 60 });

    ctx.clock.advance(35 * MINUTE);
    expect((await put(s.amy, s.urls.answer(amys.id, s.q[1]!), { answer: { text: 'x' }, version: 0 })).statusCode).toBe(
      200,
    );
    const bobLate = await put(s.bob, s.urls.answer(bobs.id, s.q[1]!), { answer: { text: 'x' }, version: 0 });
    expect(bobLate.json().code).toBe('time_up');

    // Granted while Bob's sitting is open: it applies to that sitting at once.
    await put(s.teacher, extraUrl(s.bobProfile.id), { minutes: 15 });
    const bobNow = sittingSchema.parse((await s.bob.get(s.urls.sitting)).json());
    expect(bobNow).toMatchObject({
      extra_time_minutes: 15,
      deadline: new Date(startedAt + 45 * MINUTE).toISOString(),
      time_remaining_seconds: 10 * 60,
    });
    expect((await put(s.bob, s.urls.answer(bobs.id, s.q[1]!), { answer: { text: 'x' }, version: 0 })).statusCode).toBe(
      200,
    );

    const stranger = await createStudent(ctx.db, s.school, [await createClass(ctx.db, s.school)]);
    expect((await put(s.teacher, extraUrl(stranger.profile.id), { minutes: 5 })).statusCode).toBe(404);
    expect((await put(s.teacher, extraUrl(s.amyProfile.id), { minutes: -1 })).statusCode).toBe(400);
    const teacherList = await s.teacher.get(s.urls.sittings);
    expect(
      teacherList
        .json()
        .students.map((st: { extra_time_minutes: number }) => st.extra_time_minutes)
        .sort(),
    ).toEqual([10, 15]);
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
