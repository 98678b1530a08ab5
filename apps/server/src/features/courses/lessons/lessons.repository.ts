import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { activities, attachments, captionTracks, courseTreeNodes, exams } from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';
import type { CaptionRow, ExamRow } from '../courses.repository';

/** Activities placed in one lesson, oldest first. */
export async function activitiesOfLesson(db: Executor, lessonId: number) {
  return db
    .select({ id: activities.id, title: activities.title })
    .from(activities)
    .where(eq(activities.lessonId, lessonId))
    .orderBy(asc(activities.id));
}

/** Approved caption tracks of the videos. */
export async function captionsOfVideos(db: Executor, videoIds: number[]): Promise<CaptionRow[]> {
  if (!videoIds.length) return [];
  return db
    .select()
    .from(captionTracks)
    .where(and(inArray(captionTracks.videoId, videoIds), isNotNull(captionTracks.storageKey)))
    .orderBy(asc(captionTracks.videoId), asc(captionTracks.id));
}

export async function findExam(db: Executor, examId: number): Promise<ExamRow | null> {
  const [row] = await db.select().from(exams).where(eq(exams.id, examId));
  return row ?? null;
}

/** The attachments placed directly under a lesson in its course tree, in tree order. */
export async function attachmentsUnderLesson(db: Executor, courseId: number, lessonId: number) {
  const lessonNode = alias(courseTreeNodes, 'lesson_node');
  const attachmentNode = alias(courseTreeNodes, 'attachment_node');
  const rows = await db
    .select({ attachment: attachments })
    .from(attachments)
    .innerJoin(
      attachmentNode,
      and(eq(attachmentNode.nodeType, 'attachment'), eq(attachmentNode.valueId, attachments.id)),
    )
    .innerJoin(lessonNode, eq(lessonNode.id, attachmentNode.parentId))
    .where(
      and(
        eq(attachments.courseId, courseId),
        eq(lessonNode.courseId, courseId),
        eq(lessonNode.nodeType, 'lesson'),
        eq(lessonNode.valueId, lessonId),
      ),
    )
    .orderBy(asc(attachmentNode.position), asc(attachmentNode.id));
  return rows.map((r) => r.attachment);
}
