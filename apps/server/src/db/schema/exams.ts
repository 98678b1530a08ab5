import type { ExamAnswer, ExamQuestion, MarkStatus } from '@banksia/contracts/exams';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { studentInClassColumns } from './columns';
import { exams } from './content';
import { schoolClasses, schools } from './schools';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * What `exam_questions.definition` holds: a question of contracts' examQuestionSchema without the fields kept in
 * columns (id, marks, prompt, worked_solution). Column and definition together make one ExamQuestion.
 */
export type ExamQuestionDefinition = DistributiveOmit<ExamQuestion, 'id' | 'marks' | 'prompt' | 'worked_solution'>;

/** A part of an exam; every question sits in one. */
export const examSections = pgTable(
  'exam_sections',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('exam_sections_exam_idx').on(t.examId, t.position)],
);

/** A question of an exam: prompt and worked solution are sanitised HTML; the type's own fields are in definition. */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id')
      .notNull()
      .references(() => examSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    marks: numeric('marks', { precision: 8, scale: 2 }).notNull(),
    prompt: text('prompt').notNull(),
    workedSolution: text('worked_solution').notNull().default(''),
    definition: jsonb('definition').$type<ExamQuestionDefinition>().notNull(),
  },
  (t) => [
    index('exam_questions_exam_idx').on(t.examId, t.position),
    index('exam_questions_section_idx').on(t.sectionId),
    check('exam_questions_marks_check', sql`${t.marks} > 0`),
  ],
);

/** A student's attempt at an exam in a class. At most one is open per student, exam and class. */
export const examSittings = pgTable(
  'exam_sittings',
  {
    id: serial('id').primaryKey(),
    ...studentInClassColumns(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'submitted'] })
      .notNull()
      .default('open'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The student's extra-time allowance in the class, copied at start and kept up to date while open. */
    extraTimeMinutes: integer('extra_time_minutes').notNull().default(0),
    /** The teacher who entered the answers from the student's paper (transcribe); null when the student sat it. */
    transcribedBy: integer('transcribed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('exam_sittings_one_open_key')
      .on(t.examId, t.classId, t.profileId)
      .where(sql`${t.status} = 'open'`),
    index('exam_sittings_class_exam_idx').on(t.classId, t.examId),
    index('exam_sittings_profile_idx').on(t.profileId),
    check('exam_sittings_status_check', sql`${t.status} in ('open', 'submitted')`),
    check('exam_sittings_extra_time_check', sql`${t.extraTimeMinutes} >= 0`),
  ],
);

/**
 * A student's answer to one question of a sitting, with a version for conflict checks. mark_status and
 * marks_awarded are set at submit (objective questions) or by a teacher; both stay null while the sitting is open.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sittingId: integer('sitting_id')
      .notNull()
      .references(() => examSittings.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    /** In the shape of contracts' answerSchemaByType[question type]; null for a question left unanswered. */
    answer: jsonb('answer').$type<ExamAnswer>(),
    version: integer('version').notNull().default(0),
    markStatus: text('mark_status').$type<MarkStatus>(),
    marksAwarded: numeric('marks_awarded', { precision: 8, scale: 2 }),
    /** A teacher's feedback (sanitised HTML). */
    feedback: text('feedback').notNull().default(''),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('exam_answers_sitting_question_key').on(t.sittingId, t.questionId),
    index('exam_answers_question_idx').on(t.questionId),
    check(
      'exam_answers_mark_status_check',
      sql`${t.markStatus} is null or ${t.markStatus} in ('correct', 'incorrect', 'partially_correct', 'needs_marking', 'unanswered')`,
    ),
    check('exam_answers_marks_check', sql`${t.marksAwarded} is null or ${t.marksAwarded} >= 0`),
  ],
);

/** Whether a class's teacher has locked an exam (spec §4); no row means OPEN. */
export const examClassLocks = pgTable(
  'exam_class_locks',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    classId: integer('class_id')
      .notNull()
      .references(() => schoolClasses.id, { onDelete: 'cascade' }),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['OPEN', 'LOCKED_BY_TEACHER'] }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.examId] }),
    check('exam_class_locks_status_check', sql`${t.status} in ('OPEN', 'LOCKED_BY_TEACHER')`),
  ],
);

/** Extra minutes a student gets on every timed exam in a class (an access arrangement). */
export const examExtraTime = pgTable(
  'exam_extra_time',
  {
    ...studentInClassColumns(),
    minutes: integer('minutes').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.profileId] }),
    check('exam_extra_time_minutes_check', sql`${t.minutes} >= 0`),
  ],
);

/** A class's results of an exam released to its students by a teacher (no row: held). */
export const examResultReleases = pgTable(
  'exam_result_releases',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    classId: integer('class_id')
      .notNull()
      .references(() => schoolClasses.id, { onDelete: 'cascade' }),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    releasedBy: integer('released_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.classId, t.examId] })],
);

/** A student says they now understand a question they got wrong ('grok'); no row: not yet. */
export const examQuestionGroks = pgTable(
  'exam_question_groks',
  {
    ...studentInClassColumns(),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    grokkedAt: timestamp('grokked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.profileId, t.questionId] })],
);

/** A student's note on an exam question (sanitised HTML), versioned like answers for autosave conflicts. */
export const examQuestionNotes = pgTable(
  'exam_question_notes',
  {
    ...studentInClassColumns(),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.profileId, t.questionId] })],
);
