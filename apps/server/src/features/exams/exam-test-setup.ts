import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sittingSchema, type Sitting } from '@banksia/contracts/exam-api';
import { examSittings } from '../../db/schema/index';
import { createExamWithQuestions, type QuestionInput } from '../../../test/factories';
import { createClass, createSchool, createStudent, createTeacher } from '../../../test/factories';
import type { TestClient, TestContext } from '../../../test/harness';

// What the exams sub-features' tests share: a class with a teacher, two students and an exam, and the calls that
// start, answer and submit a sitting. Each test file calls the setup with its own test app (useTestApp).

export const MINUTE = 60_000;

export const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

export async function start(c: TestClient, url: string): Promise<Sitting> {
  const response = await c.post(url);
  expect([200, 201], response.body).toContain(response.statusCode);
  return sittingSchema.parse(response.json());
}

/** One question of each objective type, and an extended response for a teacher to mark. */
export const mixedQuestions: QuestionInput[] = [
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

/** A class with its teacher, Amy and Bob, and an exam of mixedQuestions (sittings, answers, locks, marking). */
export function sittingsTestSetup(ctx: TestContext) {
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

  async function countSittings(examId: number, profileId: number): Promise<number> {
    const rows = await ctx.db
      .select({ id: examSittings.id })
      .from(examSittings)
      .where(and(eq(examSittings.examId, examId), eq(examSittings.profileId, profileId)));
    return rows.length;
  }

  return { setup, countSittings };
}

/** A class with its teacher, Amy Zanetti and Bob Quayle, and a three-question exam (results, review, transcription). */
export function reviewTestSetup(ctx: TestContext) {
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
      answer: (sittingId: number, questionId: number) =>
        `/api/v1/sittings/${sittingId}/questions/${questionId}/answer/`,
      submit: (sittingId: number) => `/api/v1/sittings/${sittingId}/submit/`,
    };
  }
  type Setup = Awaited<ReturnType<typeof setup>>;

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

  return { setup, sit };
}
