import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  examClassesSchema,
  mistakesSchema,
  questionResponsesSchema,
  sittingSchema,
  type Sitting,
} from '@banksia/contracts/exam-api';
import { anonymisedNames } from '@banksia/contracts/rules/anonymiser';
import { auditLog, courses, examSittings } from '../../db/schema/index';
import {
  createClass,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createExamWithQuestions,
  type QuestionInput,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { LATE_SAVE_GRACE_MS } from './exams.service';

// The review side of exams: the actor's classes, release of results, marking by question (with pseudonyms),
// transcribing a paper, automatic submit when time runs out, reflective sets, mistakes with grok and notes, and demo
// question sets.

const ctx = useTestApp();
const MINUTE = 60_000;

const questions: QuestionInput[] = [
  { type: 'short_text', marks: 2, accepted_answers: ['photosynthesis'] },
  { type: 'numeric', marks: 1, answer: 12.5, tolerance: 0.05, unit: 'cm' },
  { type: 'extended_response', marks: 3 },
];

async function setup(
  exam: {
    timeLimitMinutes?: number | null;
    kind?: 'exam' | 'question_set' | 'reflective_question_set';
    hideSolutionsUntilRelease?: boolean;
  } = {},
) {
  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school);
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const amy = await createStudent(ctx.db, school, [klass], { firstName: 'Amy', lastName: 'Zanetti' });
  const bob = await createStudent(ctx.db, school, [klass], { firstName: 'Bob', lastName: 'Quayle' });
  const made = await createExamWithQuestions(
    ctx.db,
    { id: klass.courseId },
    { questions, exam: { timeLimitMinutes: null, kind: 'exam', ...exam } },
  );
  const base = `/api/v1/classes/${klass.id}/exams/${made.exam.id}`;
  return {
    school,
    klass,
    exam: made.exam,
    q: made.questions.map((row) => row.id),
    teacher: await ctx.client(teacher.user.id),
    amy: await ctx.client(amy.user.id),
    amyProfile: amy.profile,
    bob: await ctx.client(bob.user.id),
    bobProfile: bob.profile,
    base,
    answer: (sittingId: number, questionId: number) => `/api/v1/sittings/${sittingId}/questions/${questionId}/answer/`,
    submit: (sittingId: number) => `/api/v1/sittings/${sittingId}/submit/`,
  };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

async function sit(s: Setup, c: TestClient, answers: Record<number, object>): Promise<Sitting> {
  const started = await c.post(`${s.base}/start/`);
  expect([200, 201], started.body).toContain(started.statusCode);
  const sitting = sittingSchema.parse(started.json());
  for (const [index, answer] of Object.entries(answers)) {
    const saved = await put(c, s.answer(sitting.id, s.q[Number(index)]!), { answer, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const submitted = await c.post(s.submit(sitting.id));
  expect(submitted.statusCode, submitted.body).toBe(200);
  return sittingSchema.parse(submitted.json());
}

describe('the actor’s classes for an exam', () => {
  it('lists the student’s class with their sitting, and the teacher’s; refuses others', async () => {
    const s = await setup();
    const before = examClassesSchema.parse((await s.amy.get(`/api/v1/exams/${s.exam.id}/classes/`)).json());
    expect(before.classes).toEqual([
      expect.objectContaining({ class_id: s.klass.id, teaches: false, is_locked: false, sitting: null }),
    ]);
    const sitting = await sit(s, s.amy, { 0: { text: 'Photosynthesis' } });
    const after = examClassesSchema.parse((await s.amy.get(`/api/v1/exams/${s.exam.id}/classes/`)).json());
    expect(after.classes[0]!.sitting).toMatchObject({ id: sitting.id, status: 'submitted' });
    const teacher = examClassesSchema.parse((await s.teacher.get(`/api/v1/exams/${s.exam.id}/classes/`)).json());
    expect(teacher.classes).toEqual([expect.objectContaining({ class_id: s.klass.id, teaches: true, sitting: null })]);

    const other = await setup();
    expect((await other.amy.get(`/api/v1/exams/${s.exam.id}/classes/`)).statusCode).toBe(403);
  });
});

describe('marking by question', () => {
  it('answers each submitted answer with the key, and hides names behind the day’s pseudonyms on request', async () => {
    const s = await setup();
    await sit(s, s.amy, { 0: { text: 'photosynthesis' }, 2: { html: '<p>Light <script>x</script>energy</p>' } });
    const url = `${s.base}/questions/${s.q[2]}/responses/`;
    const named = questionResponsesSchema.parse((await s.teacher.get(url)).json());
    expect(named.question.solution).not.toBeNull();
    expect(named.responses).toEqual([
      expect.objectContaining({
        profile_id: s.amyProfile.id,
        first_name: 'Amy',
        last_name: 'Zanetti',
        answer: { html: '<p>Light energy</p>' },
        mark_status: 'needs_marking',
        marked_by_teacher: false,
      }),
    ]);

    const anonymous = await s.teacher.get(`${url}?anonymise=1`);
    expect(anonymous.body).not.toMatch(/Amy|Zanetti/);
    const pseudonym = anonymisedNames([s.amyProfile.id, s.bobProfile.id], ctx.clock.now()).get(s.amyProfile.id)!;
    expect(questionResponsesSchema.parse(anonymous.json())).toMatchObject({
      anonymised: true,
      responses: [{ first_name: pseudonym.firstName, last_name: pseudonym.lastName }],
    });
    const sittings = await s.teacher.get(`${s.base}/sittings/?anonymise=1`);
    expect(sittings.body).not.toMatch(/Amy|Zanetti|Bob|Quayle/);
    expect(sittings.json()).toMatchObject({
      anonymised: true,
      released_at: null,
      questions: [
        { question_id: s.q[0], submitted: 1, needs_marking: 0 },
        { question_id: s.q[1], submitted: 1, needs_marking: 0 },
        { question_id: s.q[2], submitted: 1, needs_marking: 1 },
      ],
    });
    expect((await s.amy.get(url)).statusCode).toBe(403);
  });
});

describe('releasing results', () => {
  it('holds solutions back until release when the exam says so', async () => {
    const s = await setup({ hideSolutionsUntilRelease: true });
    await sit(s, s.amy, { 0: { text: 'photosynthesis' } });
    const exam = async () => (await s.amy.get(`/api/v1/exams/${s.exam.id}/`)).json();
    expect((await exam()).sections[0].questions[0].solution).toBeNull();
    const release = await s.teacher.post(`${s.base}/release/`, { released: true });
    expect(release.statusCode, release.body).toBe(200);
    expect((await exam()).sections[0].questions[0].solution).toMatchObject({ accepted_answers: ['photosynthesis'] });
    // Holding again hides them; the audit log has both.
    expect((await s.teacher.post(`${s.base}/release/`, { released: false })).json().released_at).toBeNull();
    expect((await exam()).sections[0].questions[0].solution).toBeNull();
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `${s.klass.id}:${s.exam.id}`));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['exam.release_results', 'exam.hold_results']));
  });

  it('shows solutions after submitting when the exam does not hide them', async () => {
    const s = await setup();
    expect((await s.amy.get(`/api/v1/exams/${s.exam.id}/`)).json().sections[0].questions[0].solution).toBeNull();
    await sit(s, s.amy, {});
    expect((await s.amy.get(`/api/v1/exams/${s.exam.id}/`)).json().sections[0].questions[0].solution).not.toBeNull();
  });
});

describe('transcribing a paper', () => {
  it('lets a teacher enter and submit a student’s answers, which count as their sitting', async () => {
    const s = await setup({ timeLimitMinutes: 10 });
    const url = `${s.base}/students/${s.amyProfile.id}/transcribe/`;
    expect((await s.bob.post(url)).statusCode).toBe(403);
    const opened = await s.teacher.post(url);
    expect(opened.statusCode, opened.body).toBe(201);
    const sitting = sittingSchema.parse(opened.json());
    expect(sitting).toMatchObject({
      transcribed: true,
      time_limit_minutes: null,
      deadline: null,
      profile_id: s.amyProfile.id,
    });
    expect((await s.teacher.post(url)).json().id).toBe(sitting.id);

    // Locked to students, and past what would be the time limit: a paper is still entered.
    await s.teacher.post(`${s.base}/lock/`, { status: 'LOCKED_BY_TEACHER' });
    ctx.clock.advance(60 * MINUTE);
    const saved = await put(s.teacher, s.answer(sitting.id, s.q[0]!), {
      answer: { text: 'photosynthesis' },
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await put(s.amy, s.answer(sitting.id, s.q[1]!), { answer: { value: '12.5' }, version: 0 })).statusCode,
    ).toBe(403);
    const submitted = await s.teacher.post(s.submit(sitting.id));
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(sittingSchema.parse(submitted.json()).result).toMatchObject({ marks_awarded: 2, needs_marking: 0 });

    await s.teacher.post(`${s.base}/lock/`, { status: 'OPEN' });
    const own = sittingSchema.parse((await s.amy.get(`${s.base}/sitting/`)).json());
    expect(own).toMatchObject({ id: sitting.id, status: 'submitted', transcribed: true });
    // An exam is sat once: starting now answers the transcribed sitting.
    expect((await s.amy.post(`${s.base}/start/`)).json().id).toBe(sitting.id);
  });

  it('refuses while the student has the exam open on screen', async () => {
    const s = await setup();
    await s.bob.post(`${s.base}/start/`);
    const refused = await s.teacher.post(`${s.base}/students/${s.bobProfile.id}/transcribe/`);
    expect(refused.statusCode).toBe(409);
  });
});

describe('time running out', () => {
  it('submits a sitting nobody submitted once its time and the grace have passed, when next read', async () => {
    const s = await setup({ timeLimitMinutes: 20 });
    const sitting = sittingSchema.parse((await s.amy.post(`${s.base}/start/`)).json());
    await put(s.amy, s.answer(sitting.id, s.q[0]!), { answer: { text: 'photosynthesis' }, version: 0 });
    ctx.clock.advance(20 * MINUTE + LATE_SAVE_GRACE_MS);
    expect(sittingSchema.parse((await s.amy.get(`${s.base}/sitting/`)).json()).status).toBe('open');
    ctx.clock.advance(1000);
    // The teacher's list closes it, as the student's own read would.
    const list = await s.teacher.get(`${s.base}/sittings/`);
    expect(
      list.json().students.find((r: { profile_id: number }) => r.profile_id === s.amyProfile.id).sitting,
    ).toMatchObject({
      status: 'submitted',
      marks_awarded: 2,
    });
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exam_sitting.auto_submit'), eq(auditLog.entityId, String(sitting.id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actorUserId).toBeNull();
  });
});

describe('reflective question sets', () => {
  it('takes confidence and what to revisit, and marks nothing', async () => {
    const s = await setup({ kind: 'reflective_question_set' });
    const sitting = sittingSchema.parse((await s.amy.post(`${s.base}/start/`)).json());
    const wrongShape = await put(s.amy, s.answer(sitting.id, s.q[0]!), { answer: { text: 'x' }, version: 0 });
    expect(wrongShape.statusCode).toBe(400);
    expect(Object.keys(wrongShape.json().errors)).toEqual(expect.arrayContaining(['answer.confidence']));
    const saved = await put(s.amy, s.answer(sitting.id, s.q[0]!), {
      answer: { confidence: 2, revisit: '  equivalent fractions ' },
      version: 0,
    });
    expect(saved.json()).toMatchObject({ answer: { confidence: 2, revisit: 'equivalent fractions' } });
    const submitted = sittingSchema.parse((await s.amy.post(s.submit(sitting.id))).json());
    expect(submitted.result).toMatchObject({ scored: false, marks_awarded: 0, marks_total: 0, needs_marking: 0 });
    expect(submitted.answers.every((a) => a.mark_status === null)).toBe(true);
    expect(mistakesSchema.parse((await s.amy.get(`${s.base}/mistakes/`)).json()).mistakes).toEqual([]);
  });
});

describe('mistakes, grok and notes', () => {
  it('lists what lost marks, remembers what the student now understands, and keeps notes with versions', async () => {
    const s = await setup();
    expect((await s.amy.get(`${s.base}/mistakes/`)).statusCode).toBe(404);
    await sit(s, s.amy, { 0: { text: 'respiration' }, 2: { html: '<p>Essay</p>' } });
    const url = `${s.base}/mistakes/`;
    const first = mistakesSchema.parse((await s.amy.get(url)).json());
    // The essay waits for a teacher, so it is no mistake (yet).
    expect(first.mistakes).toEqual([
      expect.objectContaining({
        question_id: s.q[0],
        mark_status: 'incorrect',
        marks_awarded: 0,
        marks: 2,
        grokked_at: null,
      }),
      expect.objectContaining({ question_id: s.q[1], mark_status: 'unanswered', grokked_at: null }),
    ]);

    const grok = await put(s.amy, `${s.base}/questions/${s.q[0]}/grok/`, { grokked: true });
    expect(grok.statusCode, grok.body).toBe(200);
    expect(grok.json().grokked_at).toBe(ctx.clock.now().toISOString());
    const note = `${s.base}/questions/${s.q[0]}/note/`;
    const saved = await put(s.amy, note, { body: '<p>Plants <img src=x onerror=alert(1)>make food</p>', version: 0 });
    expect(saved.json()).toMatchObject({ version: 1, body: expect.not.stringContaining('onerror') });
    expect((await put(s.amy, note, { body: '<p>Other tab</p>', version: 0 })).statusCode).toBe(409);
    expect((await put(s.amy, note, { body: '<p>Light to sugar</p>', version: 1 })).json().version).toBe(2);

    const after = mistakesSchema.parse((await s.amy.get(url)).json());
    expect(after.mistakes[0]!.grokked_at).not.toBeNull();
    expect(after.notes).toEqual([expect.objectContaining({ question_id: s.q[0], body: '<p>Light to sugar</p>' })]);
    expect((await put(s.amy, `${s.base}/questions/${s.q[0]}/grok/`, { grokked: false })).json().grokked_at).toBeNull();
    // Nobody else reads or writes them.
    expect((await s.bob.get(url)).statusCode).toBe(404);
    expect((await s.teacher.get(url)).statusCode).toBe(403);
    expect((await put(s.bob, note, { body: 'x', version: 0 })).statusCode).toBe(409);
  });
});

describe('demo question sets', () => {
  async function demoSetup(isDemo: boolean) {
    const s = await setup({ kind: 'question_set' });
    await ctx.db.update(courses).set({ isPublished: true }).where(eq(courses.id, s.klass.courseId));
    await createLesson(ctx.db, { id: s.klass.courseId }, { isDemo, questionSetId: s.exam.id });
    return s;
  }

  it('shows a demo lesson’s question set signed out, and checks answers without storing anything', async () => {
    const s = await demoSetup(true);
    const anonymous = await ctx.client();
    const view = await anonymous.get(`/api/v1/demo/question-sets/${s.exam.id}/`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().sections[0].questions.every((q: { solution: unknown }) => q.solution === null)).toBe(true);
    const check = await anonymous.post(`/api/v1/demo/question-sets/${s.exam.id}/check/`, {
      question_id: s.q[1],
      answer: { value: '12,5 cm' },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ mark_status: 'correct', marks_awarded: 1, solution: { answer: 12.5 } });
    const bad = await anonymous.post(`/api/v1/demo/question-sets/${s.exam.id}/check/`, {
      question_id: s.q[1],
      answer: { value: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await ctx.db.select().from(examSittings).where(eq(examSittings.examId, s.exam.id))).toEqual([]);
  });

  it('is 404 for exams that are not a demo lesson’s question set', async () => {
    const s = await demoSetup(false);
    expect((await s.amy.get(`/api/v1/demo/question-sets/${s.exam.id}/`)).statusCode).toBe(404);
  });
});
