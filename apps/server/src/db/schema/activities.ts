import type { ActivityBlock, BlockResponse } from '@banksia/contracts/activities';
import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { studentInClassColumns } from './columns';
import { lessons } from './content';
import { courses } from './courses';

/** An activity: Editor.js blocks written by content staff, optionally placed in a course or lesson. */
export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
  lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  blocks: jsonb('blocks').$type<ActivityBlock[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  version: integer('version').notNull().default(1),
});

/** A student's answers to an activity in a class, keyed by block id, with a version for conflict checks. */
export const activityResponses = pgTable(
  'activity_responses',
  {
    id: serial('id').primaryKey(),
    ...studentInClassColumns(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    blockResponses: jsonb('block_responses').$type<Record<string, BlockResponse>>().notNull().default({}),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('activity_responses_activity_class_profile_key').on(t.activityId, t.classId, t.profileId),
    index('activity_responses_profile_idx').on(t.profileId),
  ],
);
