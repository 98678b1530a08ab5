import { AccessStatus } from '@banksia/contracts/classes';
import { progressGridSchema, type ProgressGrid } from '@banksia/contracts/progress-grids';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createExamWithQuestions } from '../../../test/factories';
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
import { rebuildRollup } from './progress-rollup';

/** The setup the progress grid tests share: one app and database per test file, a class with every kind of item. */

export const ctx = useTestApp();

/**
 * A class of three on the roster (Bob Young, Cleo Young, Ada Zed, in that order) plus a removed student, on a course
 * with one topic holding a 4-chunk lesson, a lesson with no chunks and an exam (Q1 2 marks, Q2 3 marks), and a
 * question set and a reflective set at the course root. Bob: lesson fully visited, exam 3/5; Cleo: 1 chunk, exam
 * awaiting marking; Ada: nothing visited, exam in progress.
 */
export async function gridClass() {
  const school = await createSchool(ctx.db);
  const course = await createCourse(ctx.db);
  const klass = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT1' });
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const bob = await createStudent(ctx.db, school, [klass], { firstName: 'Bob', lastName: 'Young' });
  const cleo = await createStudent(ctx.db, school, [klass], { firstName: 'Cleo', lastName: 'Young' });
  const ada = await createStudent(ctx.db, school, [klass], { firstName: 'Ada', lastName: 'Zed' });
  const removed = await createStudent(ctx.db, school, [klass], {
    firstName: 'Rex',
    lastName: 'Removed',
    accessStatus: AccessStatus.REMOVED,
  });
  const topic = await createSection(ctx.db, course, { title: 'Algebra' });
  const lesson = await createLesson(ctx.db, course, { parent: topic, chunks: 4, title: 'Expressions' });
  const empty = await createLesson(ctx.db, course, { parent: topic, chunks: 0, title: 'Coming up' });
  const exam = await createExamWithQuestions(ctx.db, course, {
    exam: { title: 'Algebra test' },
    questions: [
      { type: 'numeric', marks: 2, answer: 4, tolerance: 0 },
      { type: 'extended_response', marks: 3 },
    ],
  });
  await ctx.db.execute(sql`update course_tree_nodes set parent_id = ${topic.node.id}
    where course_id = ${course.id} and node_type = 'exam' and value_id = ${exam.exam.id}`);
  const qs = await createExamWithQuestions(ctx.db, course, {
    exam: { title: 'Quick check', kind: 'question_set' },
    questions: [
      {
        type: 'multiple_choice',
        marks: 1,
        options: [
          { id: 'a', text: '<p>Four</p>' },
          { id: 'b', text: '<p>Five</p>' },
        ],
        correct_option_ids: ['a'],
        multiple: false,
      },
    ],
  });
  const reflective = await createExamWithQuestions(ctx.db, course, {
    exam: { title: 'How did it go', kind: 'reflective_question_set' },
    questions: [{ type: 'extended_response', marks: 1 }],
  });

  const now = ctx.clock.now();
  const s = { schoolId: school.id, classId: klass.id };
  const visit = async (profileId: number, chunkIds: number[]) => {
    for (const chunkId of chunkIds) {
      await ctx.db.execute(sql`insert into chunk_visits (school_id, class_id, profile_id, chunk_id, first_visited_at,
        last_visited_at) values (${s.schoolId}, ${s.classId}, ${profileId}, ${chunkId}, ${now}, ${now})`);
    }
  };
  const sitting = async (examId: number, profileId: number, status: 'open' | 'submitted') => {
    const { rows } = await ctx.db.execute<{ id: number }>(sql`insert into exam_sittings
      (school_id, class_id, profile_id, exam_id, status, started_at, submitted_at)
      values (${s.schoolId}, ${s.classId}, ${profileId}, ${examId}, ${status}, ${now},
        ${status === 'submitted' ? now : null}) returning id`);
    return rows[0]!.id;
  };
  const answer = async (
    sittingId: number,
    questionId: number,
    markStatus: string | null,
    marks: number | null,
    given: unknown = { value: '4' },
  ) => {
    await ctx.db.execute(sql`insert into exam_answers (school_id, sitting_id, question_id, answer, mark_status,
      marks_awarded, updated_at) values (${s.schoolId}, ${sittingId}, ${questionId}, ${JSON.stringify(given)}::jsonb,
      ${markStatus}, ${marks}, ${now})`);
  };

  const [q1, q2] = exam.questions.map((q) => q.id);
  await visit(
    bob.profile.id,
    lesson.chunks.map((c) => c.id),
  );
  await visit(cleo.profile.id, [lesson.chunks[0]!.id]);
  // The removed student's facts never count.
  await visit(
    removed.profile.id,
    lesson.chunks.map((c) => c.id),
  );
  const bobSitting = await sitting(exam.exam.id, bob.profile.id, 'submitted');
  await answer(bobSitting, q1!, 'correct', 2);
  await answer(bobSitting, q2!, 'partially_correct', 1, { html: '<p>Half <b>right</b></p>' });
  const cleoSitting = await sitting(exam.exam.id, cleo.profile.id, 'submitted');
  await answer(cleoSitting, q1!, 'incorrect', 0, { value: '5' });
  await answer(cleoSitting, q2!, 'needs_marking', null, { html: '<p>Pending</p>' });
  await sitting(exam.exam.id, ada.profile.id, 'open');

  const bobQs = await sitting(qs.exam.id, bob.profile.id, 'submitted');
  await answer(bobQs, qs.questions[0]!.id, 'correct', 1, { option_ids: ['a'] });
  const cleoQs = await sitting(qs.exam.id, cleo.profile.id, 'submitted');
  await answer(cleoQs, qs.questions[0]!.id, 'incorrect', 0, { option_ids: ['b'] });

  const bobReflect = await sitting(reflective.exam.id, bob.profile.id, 'submitted');
  await answer(bobReflect, reflective.questions[0]!.id, null, null, { confidence: 4, revisit: '=cmd|calc' });

  await ctx.db.execute(sql`insert into chunk_watches (school_id, class_id, profile_id, chunk_id, seconds_watched,
    watched, updated_at) values (${s.schoolId}, ${s.classId}, ${bob.profile.id}, ${lesson.chunks[0]!.id}, 30, false,
    ${now})`);
  await ctx.db.execute(sql`insert into lesson_self_ratings (school_id, profile_id, lesson_id, rating, updated_at)
    values (${s.schoolId}, ${bob.profile.id}, ${lesson.lesson.id}, 4, ${now})`);
  await ctx.db.execute(sql`insert into lesson_notes (school_id, class_id, profile_id, lesson_id, html, updated_at)
    values (${s.schoolId}, ${s.classId}, ${bob.profile.id}, ${lesson.lesson.id}, '<p>My notes</p>', ${now})`);

  // The facts went in directly, past the services that keep the grids' rollup current.
  await rebuildRollup(ctx.db);
  const base = `/api/v1/classes/${klass.id}/progress-grids`;
  return { school, course, klass, teacher, bob, cleo, ada, removed, topic, lesson, empty, exam, qs, reflective, base };
}

export type Fixture = Awaited<ReturnType<typeof gridClass>>;

export async function getGrid(f: Fixture, path: string, userId = f.teacher.user.id): Promise<ProgressGrid> {
  const client = await ctx.client(userId);
  const res = await client.get(`${f.base}${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return progressGridSchema.parse(res.json());
}

export const texts = (g: ProgressGrid) => g.rows.map((r) => [r.label, ...r.cells.map((c) => c.text)]);

export const realNames = ['Bob', 'Cleo', 'Ada', 'Young', 'Zed', 'Removed', 'Rex'];

export function gridPaths(f: Fixture) {
  return [
    `/exam/${f.exam.exam.id}/`,
    `/topic/${f.topic.section.id}/`,
    `/topic/${f.topic.section.id}/exam/${f.exam.exam.id}/`,
    `/lesson/${f.lesson.lesson.id}/`,
    `/student/${f.bob.profile.id}/`,
    `/question-set/${f.qs.exam.id}/`,
    `/reflective-question-set/${f.reflective.exam.id}/`,
    `/question-set/${f.qs.exam.id}/question/${f.qs.questions[0]!.id}/`,
  ];
}
