import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { courses } from './courses';

/** Sections of a course; topics are sections at depth 1. Placement and order live in course_tree_nodes. */
export const sections = pgTable('sections', {
  id: serial('id').primaryKey(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  isPublished: boolean('is_published').notNull().default(false),
});

export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['exam', 'question_set', 'reflective_question_set'] })
      .notNull()
      .default('exam'),
    isPublished: boolean('is_published').notNull().default(false),
    isSubmittable: boolean('is_submittable').notNull().default(true),
    questionCount: integer('question_count').notNull().default(0),
    marksTotal: numeric('marks_total', { precision: 8, scale: 2 }).notNull().default('0'),
    additionalMaterials: text('additional_materials').notNull().default(''),
    /** Minutes a student has from starting a sitting (plus any extra time); null for no limit. */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** When true, students see worked solutions only once their class's results are released. */
    hideSolutionsUntilRelease: boolean('hide_solutions_until_release').notNull().default(false),
  },
  (t) => [
    check('exams_kind_check', sql`${t.kind} in ('exam', 'question_set', 'reflective_question_set')`),
    check('exams_time_limit_check', sql`${t.timeLimitMinutes} is null or ${t.timeLimitMinutes} > 0`),
  ],
);

export const lessons = pgTable('lessons', {
  id: serial('id').primaryKey(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  isPublished: boolean('is_published').notNull().default(false),
  isComingSoon: boolean('is_coming_soon').notNull().default(false),
  isPremium: boolean('is_premium').notNull().default(false),
  isDemo: boolean('is_demo').notNull().default(false),
  hasSuccessMeasure: boolean('has_success_measure').notNull().default(false),
  questionSetId: integer('question_set_id').references(() => exams.id, { onDelete: 'set null' }),
  /** Increases with every authoring save of the lesson or its chunks; a save names it (409 otherwise). */
  version: integer('version').notNull().default(1),
});

/** A video file kept by the storage adapter (storage_key), or a video hosted elsewhere (provider + hosted_id). */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['file', 'hosted'] }).notNull(),
    storageKey: text('storage_key'),
    provider: text('provider'),
    hostedId: text('hosted_id'),
    /** Seconds. */
    duration: integer('duration').notNull().default(0),
    /** What staff call it in the video library ('' for videos made before the library). */
    title: text('title').notNull().default(''),
    /** Of a stored file: its type (video/mp4 or video/webm), size in bytes and original file name. */
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    fileName: text('file_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'videos_kind_check',
      sql`(${t.kind} = 'file' and ${t.storageKey} is not null) or (${t.kind} = 'hosted' and ${t.hostedId} is not null)`,
    ),
  ],
);

/**
 * A video's captions in one language. `content` is the working copy (WebVTT) staff edit and review; `storage_key` is
 * the last approved copy, the only one students get (null until a first approval).
 */
export const captionTracks = pgTable(
  'caption_tracks',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    srclang: text('srclang').notNull(),
    storageKey: text('storage_key'),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status', { enum: ['draft', 'in_review', 'changes_requested', 'approved'] })
      .notNull()
      .default('draft'),
    content: text('content'),
    cueCount: integer('cue_count').notNull().default(0),
    /** Who last changed the working copy: they may not approve it. */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerUserId: integer('reviewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewComment: text('review_comment'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('caption_tracks_video_lang_key').on(t.videoId, t.srclang),
    check('caption_tracks_status_check', sql`${t.status} in ('draft', 'in_review', 'changes_requested', 'approved')`),
  ],
);

/** Captions asked for a course's video; its progress (requested → drafted → in review → published) follows the track. */
export const captionOrders = pgTable(
  'caption_orders',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    srclang: text('srclang').notNull().default('en'),
    note: text('note').notNull().default(''),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('caption_orders_course_video_key').on(t.courseId, t.videoId, t.srclang)],
);

/**
 * A resumable video upload. Without S3 the browser sends the file in chunks at increasing offsets; the bytes wait in
 * a part file on the server until the last one, then go to storage. With S3 the browser PUTs parts straight to the
 * bucket: `s3_upload_id` is the S3 multipart upload, `storage_key` the file's key (chosen at the start), and the
 * bucket, not this row, knows which parts are in. `video_id` is set when it replaces a video's file.
 */
export const videoUploads = pgTable('video_uploads', {
  id: text('id').primaryKey(),
  videoId: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
  /** Seconds, as the browser read it from the file's metadata. */
  duration: integer('duration').notNull(),
  /** The S3 multipart upload the parts go to (uploads straight to S3 only). */
  s3UploadId: text('s3_upload_id'),
  /** The finished file's storage key, chosen when an upload straight to S3 starts. */
  storageKey: text('storage_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const chunks = pgTable(
  'chunks',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** 1-based position within the lesson. */
    index: integer('index').notNull(),
    title: text('title').notNull(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id),
  },
  (t) => [unique('chunks_lesson_index_key').on(t.lessonId, t.index), check('chunks_index_check', sql`${t.index} >= 1`)],
);

export const attachments = pgTable('attachments', {
  id: serial('id').primaryKey(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  additionalMaterials: boolean('additional_materials').notNull().default(false),
  isPremium: boolean('is_premium').notNull().default(false),
});

/**
 * The course tree ("presitree"): where each section, lesson, exam and attachment sits, and in what order.
 * value_id points into the table named by node_type.
 */
export const courseTreeNodes = pgTable(
  'course_tree_nodes',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => courseTreeNodes.id, { onDelete: 'cascade' }),
    nodeType: text('node_type', { enum: ['course', 'section', 'lesson', 'exam', 'attachment'] }).notNull(),
    valueId: integer('value_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('course_tree_nodes_course_idx').on(t.courseId, t.parentId, t.position),
    unique('course_tree_nodes_value_key').on(t.courseId, t.nodeType, t.valueId),
    check('course_tree_nodes_type_check', sql`${t.nodeType} in ('course', 'section', 'lesson', 'exam', 'attachment')`),
  ],
);
