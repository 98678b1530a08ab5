import { asc, eq } from 'drizzle-orm';
import {
  type attachments,
  type captionTracks,
  chunks,
  courses,
  type courseTreeNodes,
  type exams,
  lessons,
  type sections,
  videos,
} from '../../db/schema/index';
import type { Executor } from '../../platform/db';

// The rows every part of courses reads: a course, a lesson with its course, and a lesson's chunks with their videos.

export type CourseRow = typeof courses.$inferSelect;
export type TreeNodeRow = typeof courseTreeNodes.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type ExamRow = typeof exams.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type CaptionRow = typeof captionTracks.$inferSelect;
export type ChunkRow = Awaited<ReturnType<typeof chunksOfLesson>>[number];

export async function findCourse(db: Executor, courseId: number): Promise<CourseRow | null> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId));
  return row ?? null;
}

export const chunkColumns = {
  id: chunks.id,
  lessonId: chunks.lessonId,
  index: chunks.index,
  title: chunks.title,
  video: {
    id: videos.id,
    kind: videos.kind,
    storageKey: videos.storageKey,
    provider: videos.provider,
    hostedId: videos.hostedId,
    duration: videos.duration,
  },
};

/** A lesson with its course (the demo page, the lesson editor). */
export async function findLessonWithCourse(db: Executor, lessonId: number) {
  const [row] = await db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId));
  return row ?? null;
}

/** One lesson's chunks with their videos, by index. */
export async function chunksOfLesson(db: Executor, lessonId: number) {
  return db
    .select(chunkColumns)
    .from(chunks)
    .innerJoin(videos, eq(videos.id, chunks.videoId))
    .where(eq(chunks.lessonId, lessonId))
    .orderBy(asc(chunks.index));
}
