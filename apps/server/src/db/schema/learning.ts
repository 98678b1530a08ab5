import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './accounts';
import { studentInClassColumns } from './columns';
import { chunks, lessons } from './content';
import { schools } from './schools';

/** The key of a student's activity on a chunk in a class. */
function studentChunkColumns() {
  return {
    ...studentInClassColumns(),
    chunkId: integer('chunk_id')
      .notNull()
      .references(() => chunks.id, { onDelete: 'cascade' }),
  };
}

/** A student's visits to a chunk in a class. */
export const chunkVisits = pgTable(
  'chunk_visits',
  {
    ...studentChunkColumns(),
    visitCount: integer('visit_count').notNull().default(1),
    firstVisitedAt: timestamp('first_visited_at', { withTimezone: true }).notNull(),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.profileId, t.chunkId] }),
    index('chunk_visits_profile_idx').on(t.profileId),
  ],
);

/** How much of a chunk's video a student has watched in a class. */
export const chunkWatches = pgTable(
  'chunk_watches',
  {
    ...studentChunkColumns(),
    secondsWatched: real('seconds_watched').notNull().default(0),
    maxPosition: real('max_position').notNull().default(0),
    /** Set once 90% of the video has been played; never unset. */
    watched: boolean('watched').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.profileId, t.chunkId] }),
    index('chunk_watches_profile_idx').on(t.profileId),
  ],
);

/** A student's self-rating of a lesson (1–5). */
export const lessonSelfRatings = pgTable(
  'lesson_self_ratings',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.lessonId] }),
    check('lesson_self_ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A student's notes on a lesson in a class: sanitised HTML with a version for conflict checks. Kept per class, like
 * all of a student's work, so a teacher reads only the notes written in a class they teach.
 */
export const lessonNotes = pgTable(
  'lesson_notes',
  {
    ...studentInClassColumns(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    html: text('html').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.classId, t.lessonId] })],
);
