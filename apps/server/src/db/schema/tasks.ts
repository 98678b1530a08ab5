import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { activities } from './activities';
import { exams, lessons } from './content';
import { schoolClasses, schools } from './schools';

/** A piece of work a teacher sets a class, due by a date. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    classId: integer('class_id')
      .notNull()
      .references(() => schoolClasses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML shown to students above the items; may be empty. */
    instructions: text('instructions').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tasks_class_due_idx').on(t.classId, t.dueAt), index('tasks_school_idx').on(t.schoolId)],
);

/** One thing to do in a task: exactly one of a lesson, an exam (question sets and reflective sets are exams) or an activity. */
export const taskItems = pgTable(
  'task_items',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['lesson', 'question_set', 'exam', 'activity'] }).notNull(),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('task_items_task_idx').on(t.taskId, t.position),
    check('task_items_kind_check', sql`${t.kind} in ('lesson', 'question_set', 'exam', 'activity')`),
    check(
      'task_items_one_target_check',
      sql`(${t.kind} = 'lesson' and ${t.lessonId} is not null and ${t.examId} is null and ${t.activityId} is null)
        or (${t.kind} in ('question_set', 'exam') and ${t.examId} is not null and ${t.lessonId} is null and ${t.activityId} is null)
        or (${t.kind} = 'activity' and ${t.activityId} is not null and ${t.lessonId} is null and ${t.examId} is null)`,
    ),
  ],
);
