import { AccessStatus } from '@banksia/contracts/classes';
import type { QuestionInput } from '../../../test/factories';
import { type ScoreBand } from '@banksia/contracts/insights';
import { sittingSchema, type Sitting } from '@banksia/contracts/exam-api';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { lessons } from '../../db/schema/index';
import {
  createClass,
  createCourse,
  createExam,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { addQuestion, addSection } from '../exams/index';

/** The setup the insights tests share: one app and database per test file, a class with exams and sittings. */

// Teacher insights: real numbers on a small class. Five students on the roster (Amy, Bob, Cara, Dan, Eve) and one
// removed from it (Rex), whose activity must never count.

export const ctx = useTestApp();

export const MINUTE = 60_000;

export const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

export async function examIn(
  course: { id: number },
  parent: { node: { id: number } } | undefined,
  questions: QuestionInput[],
  options: { kind?: 'exam' | 'question_set'; placed?: boolean; title?: string } = {},
) {
  const { exam } = await createExam(ctx.db, course, {
    title: options.title ?? 'Exam',
    kind: options.kind ?? 'exam',
    placed: options.placed ?? true,
    ...(parent ? { parent } : {}),
  });
  const section = await addSection(ctx.db, exam.id, 'Section A');
  const rows = [];
  for (const [index, question] of questions.entries()) {
    rows.push(
      await addQuestion(ctx.db, { examId: exam.id, sectionId: section.id }, {
        id: `q${index + 1}`,
        prompt: `<p>Question ${index + 1}</p>`,
        worked_solution: '',
        ...question,
      } as never),
    );
  }
  return { exam, q: rows.map((r) => r.id) };
}

export async function setup() {
  const school = await createSchool(ctx.db);
  // The class's plan includes lessons' question sets.
  const course = await createCourse(ctx.db, { featureSets: { LESSON_QUESTIONS: ['STANDARD'] } });
  const klass = await createClass(ctx.db, school, { courseId: course.id, features: 'STANDARD' });
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const names = [
    ['Amy', 'Zanetti'],
    ['Bob', 'Quayle'],
    ['Cara', 'Young'],
    ['Dan', 'Xu'],
    ['Eve', 'Wong'],
  ] as const;
  const students = [];
  for (const [firstName, lastName] of names) {
    students.push(await createStudent(ctx.db, school, [klass], { firstName, lastName }));
  }
  const rex = await createStudent(ctx.db, school, [klass], {
    firstName: 'Rex',
    lastName: 'Removed',
    accessStatus: AccessStatus.REMOVED,
  });
  type Made = (typeof students)[number];
  const [amy, bob, cara, dan, eve] = students as [Made, Made, Made, Made, Made];

  const topic = await createSection(ctx.db, course, { title: 'Fractions' });
  const otherTopic = await createSection(ctx.db, course, { title: 'Decimals' });
  const lesson = await createLesson(ctx.db, course, {
    title: 'Adding fractions',
    parent: topic,
    chunks: 2,
    chunkDuration: 100,
  });
  const otherLesson = await createLesson(ctx.db, course, { parent: otherTopic });
  const questionSet = await examIn(
    course,
    undefined,
    [{ type: 'numeric', marks: 2, answer: 12.5, tolerance: 0, unit: 'cm' }],
    { kind: 'question_set', placed: false, title: 'Check-in' },
  );
  await ctx.db.update(lessons).set({ questionSetId: questionSet.exam.id }).where(eq(lessons.id, lesson.lesson.id));
  const exam = await examIn(
    course,
    topic,
    [
      {
        type: 'multiple_choice',
        marks: 2,
        multiple: false,
        options: [
          { id: 'a', text: '<p>3/4</p>' },
          { id: 'b', text: '<p>2/6</p>' },
          { id: 'c', text: '<p>1/2</p>' },
        ],
        correct_option_ids: ['a'],
      },
      { type: 'short_text', marks: 1, accepted_answers: ['Canberra'] },
      { type: 'extended_response', marks: 2 },
    ],
    { title: 'Fractions test' },
  );
  const otherExam = await examIn(course, otherTopic, [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }]);

  const clients = {
    teacher: await ctx.client(teacher.user.id),
    amy: await ctx.client(amy.user.id),
    bob: await ctx.client(bob.user.id),
    cara: await ctx.client(cara.user.id),
    dan: await ctx.client(dan.user.id),
  };
  return {
    school,
    klass,
    course,
    topic,
    otherTopic,
    lesson,
    otherLesson,
    questionSet,
    exam,
    otherExam,
    profiles: { amy: amy.profile, bob: bob.profile, cara: cara.profile, dan: dan.profile, eve: eve.profile },
    rex: rex.profile,
    ...clients,
    base: `/api/v1/classes/${klass.id}/insights/topics/${topic.section.id}`,
  };
}

export type Setup = Awaited<ReturnType<typeof setup>>;

/** Starts (or resumes) a sitting, saves the answers by question index, and submits unless told not to. */
export async function sit(
  s: Setup,
  c: TestClient,
  exam: { exam: { id: number }; q: number[] },
  answers: Record<number, object>,
  submit = true,
): Promise<Sitting> {
  const started = await c.post(`/api/v1/classes/${s.klass.id}/exams/${exam.exam.id}/start/`);
  expect([200, 201], started.body).toContain(started.statusCode);
  const sitting = sittingSchema.parse(started.json());
  for (const [index, answer] of Object.entries(answers)) {
    const url = `/api/v1/sittings/${sitting.id}/questions/${exam.q[Number(index)]}/answer/`;
    const saved = await put(c, url, { answer, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  if (!submit) return sitting;
  const submitted = await c.post(`/api/v1/sittings/${sitting.id}/submit/`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  ctx.clock.advance(MINUTE);
  return sittingSchema.parse(submitted.json());
}

export async function mark(s: Setup, sitting: Sitting, questionId: number, marks: number) {
  const response = await put(s.teacher, `/api/v1/sittings/${sitting.id}/questions/${questionId}/mark/`, {
    marks_awarded: marks,
  });
  expect(response.statusCode, response.body).toBe(200);
}

export const bands = (filled: Record<number, number>): ScoreBand[] =>
  Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, students: filled[i * 10] ?? 0 }));

export const REAL_NAMES = /Amy|Zanetti|Bob|Quayle|Cara|Young|\bDan\b|\bXu\b|\bEve\b|Wong|Rex|Removed/;
