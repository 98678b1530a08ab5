import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, auditLog, examAnswers } from '../../../db/schema/index';
import { createExamWithQuestions } from '../../../../test/factories';
import {
  createClass,
  createCourse,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../../test/factories';
import { useTestApp } from '../../../../test/harness';
import { LATE_SAVE_GRACE_MS } from '../shared/index';
import { examViewSchema, sittingAnswerSchema, sittingSchema } from '@banksia/contracts/exam-api';
import { MINUTE, put, sittingsTestSetup, start } from '../exam-test-setup';

// Reading an exam, and a student's sitting: start, answer, submit, and its time limit.

const ctx = useTestApp();
const { setup, countSittings } = sittingsTestSetup(ctx);

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
