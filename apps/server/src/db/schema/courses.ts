import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const courses = pgTable('courses', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** Subject area, e.g. Mathematics: the 'subject' level of the branch selector. */
  subject: text('subject').notNull().default('General'),
  isPublished: boolean('is_published').notNull().default(false),
  yearPublished: integer('year_published').notNull(),
  defaultYearLevel: text('default_year_level'),
  curriculum: text('curriculum'),
  hasTextbook: boolean('has_textbook').notNull().default(false),
  showStudentNotes: boolean('show_student_notes').notNull().default(false),
  /** Feature flag name → list of class feature sets it applies to. */
  featureSets: jsonb('feature_sets').$type<Record<string, string[]>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Increases with every authoring save of the course, its details or its tree; a save names it (409 otherwise). */
  version: integer('version').notNull().default(1),
});
