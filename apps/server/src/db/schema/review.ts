import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { studentInClassColumns } from './columns';
import { examQuestions } from './exams';

/**
 * Spaced retrieval (FSRS, through ts-fsrs): one card per student, class and question the student got wrong or rated
 * low. The FSRS memory state lives in the columns ts-fsrs's Card has, so a card round-trips without loss.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    ...studentInClassColumns(),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    /** Why the question came back: a wrong (or partly wrong) answer, or a low confidence rating. */
    source: text('source', { enum: ['wrong', 'low_rating'] }).notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.profileId, t.questionId] }),
    index('review_cards_profile_due_idx').on(t.profileId, t.due),
    check('review_cards_source_check', sql`${t.source} in ('wrong', 'low_rating')`),
  ],
);

/** Every review a student made: what they answered and how FSRS rated it; the class's missed topics come from here. */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: serial('id').primaryKey(),
    ...studentInClassColumns(),
    questionId: integer('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    /** ts-fsrs Rating: 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: smallint('rating').notNull(),
    correct: boolean('correct').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    stability: real('stability').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('review_logs_class_idx').on(t.classId, t.reviewedAt),
    index('review_logs_profile_idx').on(t.profileId),
    check('review_logs_rating_check', sql`${t.rating} between 1 and 4`),
  ],
);
