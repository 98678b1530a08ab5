import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { studentInClassColumns } from './columns';
import { exams, lessons } from './content';
import { courses } from './courses';
import { schoolClasses } from './schools';

/**
 * One cell of the item grids (topic and student grids): a student's progress on one lesson or one exam in a class,
 * derived from the facts (chunk_visits, exam_sittings, exam_answers) and kept current in the transaction of every
 * write to them (features/progress/progress-rollup.ts), so a grid reads one row per cell instead of aggregating the
 * class's raw facts. A cell with no facts has no row. Exactly one of lesson_id and exam_id is set.
 */
export const progressRollup = pgTable(
  'progress_rollup',
  {
    id: serial('id').primaryKey(),
    ...studentInClassColumns(),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'cascade' }),
    /** Lesson: how many of its chunks the student has visited in the class. */
    chunksVisited: integer('chunks_visited').notNull().default(0),
    /** Exam: whether a sitting has been submitted; `marks` and `awaiting` are those of the latest submitted one. */
    submitted: boolean('submitted').notNull().default(false),
    marks: numeric('marks', { precision: 12, scale: 2 }),
    awaiting: boolean('awaiting'),
    /** Exam: whether a sitting is open. */
    inProgress: boolean('in_progress').notNull().default(false),
  },
  (t) => [
    // A grid reads its class's cells in one range scan (the partial keys below cannot serve a read of both kinds).
    index('progress_rollup_class_idx').on(t.classId, t.profileId),
    uniqueIndex('progress_rollup_lesson_key')
      .on(t.classId, t.profileId, t.lessonId)
      .where(sql`${t.lessonId} is not null`),
    uniqueIndex('progress_rollup_exam_key')
      .on(t.classId, t.profileId, t.examId)
      .where(sql`${t.examId} is not null`),
    check('progress_rollup_one_item_check', sql`(${t.lessonId} is null) <> (${t.examId} is null)`),
  ],
);

/**
 * A counter per class that moves with every change to the class's rollup rows (insert, delete or update, cascades
 * and rebuilds included): statement triggers on progress_rollup bump it in the same transaction (migration
 * 0011_progress_rollup_version). A grid compares it with the version it last built from, in one index lookup,
 * instead of reading the class's cells to see whether any changed.
 */
export const progressRollupVersion = pgTable('progress_rollup_version', {
  classId: integer('class_id')
    .primaryKey()
    .references(() => schoolClasses.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * A counter per course that moves with every change to what its grids list as items: the course tree, sections
 * (title, published), lessons, their chunks (a lesson's total), exams and their questions (an exam's marks).
 * Statement triggers on those tables bump it in the same transaction (migration 0019_course_items_version), so a
 * grid that holds the items of the version it reads does not walk the course tree again (progress-grids.cache.ts).
 * Any change to those rows moves it, including ones the grids do not show: a spare rebuild, never a stale grid.
 */
export const courseItemsVersion = pgTable('course_items_version', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
