import type { CopyCounts } from '@banksia/contracts/authoring-courses';
import { asc, eq, inArray } from 'drizzle-orm';
import { attachments, chunks, courseTreeNodes, lessons, sections } from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';
import { copyActivitiesOfCourse } from '../../activities/index';
import { copyExamsOfCourse } from '../../exams/index';

/**
 * Copies all the content of one course into another (new, empty) course inside the caller's transaction: topics
 * and sub-topics, lessons with their chunks (the same videos), activities, exams with sections and questions, and
 * attachments (the same stored files), placed in the same tree. Every copy gets a new id; nothing of the source
 * changes, and no student's work follows (progress, notes, sittings and responses stay with the originals).
 */
export async function copyCourseContent(
  tx: Executor,
  fromCourseId: number,
  toCourseId: number,
  actorUserId: number,
  now: Date,
): Promise<CopyCounts> {
  const sectionMap = new Map<number, number>();
  for (const s of await tx
    .select()
    .from(sections)
    .where(eq(sections.courseId, fromCourseId))
    .orderBy(asc(sections.id))) {
    const [copy] = await tx
      .insert(sections)
      .values({ courseId: toCourseId, title: s.title, isPublished: s.isPublished })
      .returning({ id: sections.id });
    sectionMap.set(s.id, copy!.id);
  }

  // Question sets are copied after the lessons (activities sit in lessons, questions may name activities).
  const lessonRows = await tx.select().from(lessons).where(eq(lessons.courseId, fromCourseId)).orderBy(asc(lessons.id));
  const lessonMap = new Map<number, number>();
  for (const { id: oldId, courseId: _c, questionSetId: _q, version: _v, ...lesson } of lessonRows) {
    const [copy] = await tx
      .insert(lessons)
      .values({ ...lesson, courseId: toCourseId, questionSetId: null })
      .returning({ id: lessons.id });
    lessonMap.set(oldId, copy!.id);
  }
  let chunkCount = 0;
  if (lessonMap.size) {
    const chunkRows = await tx
      .select()
      .from(chunks)
      .where(inArray(chunks.lessonId, [...lessonMap.keys()]))
      .orderBy(asc(chunks.lessonId), asc(chunks.index));
    if (chunkRows.length) {
      await tx.insert(chunks).values(
        chunkRows.map((c) => ({
          lessonId: lessonMap.get(c.lessonId)!,
          index: c.index,
          title: c.title,
          videoId: c.videoId,
        })),
      );
    }
    chunkCount = chunkRows.length;
  }

  const activityMap = await copyActivitiesOfCourse(tx, fromCourseId, toCourseId, lessonMap, actorUserId, now);
  const { examMap, questionCount } = await copyExamsOfCourse(tx, fromCourseId, toCourseId, activityMap);
  for (const l of lessonRows) {
    if (l.questionSetId === null || !examMap.has(l.questionSetId)) continue;
    await tx
      .update(lessons)
      .set({ questionSetId: examMap.get(l.questionSetId)! })
      .where(eq(lessons.id, lessonMap.get(l.id)!));
  }

  const attachmentMap = new Map<number, number>();
  for (const { id: oldId, courseId: _c, ...a } of await tx
    .select()
    .from(attachments)
    .where(eq(attachments.courseId, fromCourseId))
    .orderBy(asc(attachments.id))) {
    const [copy] = await tx
      .insert(attachments)
      .values({ ...a, courseId: toCourseId })
      .returning({ id: attachments.id });
    attachmentMap.set(oldId, copy!.id);
  }

  await copyTree(tx, fromCourseId, toCourseId, {
    course: new Map([[fromCourseId, toCourseId]]),
    section: sectionMap,
    lesson: lessonMap,
    exam: examMap,
    attachment: attachmentMap,
  });

  return {
    sections: sectionMap.size,
    lessons: lessonMap.size,
    chunks: chunkCount,
    exams: examMap.size,
    exam_questions: questionCount,
    activities: activityMap.size,
    attachments: attachmentMap.size,
  };
}

type NodeType = (typeof courseTreeNodes.$inferSelect)['nodeType'];

/** Copies the tree, parents before children, pointing each node at the copied item; nodes of nothing are dropped. */
async function copyTree(
  tx: Executor,
  fromCourseId: number,
  toCourseId: number,
  valueMaps: Record<NodeType, ReadonlyMap<number, number>>,
): Promise<void> {
  const nodes = await tx
    .select()
    .from(courseTreeNodes)
    .where(eq(courseTreeNodes.courseId, fromCourseId))
    .orderBy(asc(courseTreeNodes.position), asc(courseTreeNodes.id));
  const nodeMap = new Map<number, number>();
  let pending = nodes;
  // Each pass places the nodes whose parent is placed; a pass that places nothing ends it (orphans are dropped).
  while (pending.length) {
    const next: typeof nodes = [];
    for (const n of pending) {
      const parentId = n.parentId === null ? null : nodeMap.get(n.parentId);
      if (parentId === undefined) {
        next.push(n);
        continue;
      }
      const valueId = valueMaps[n.nodeType].get(n.valueId);
      if (valueId === undefined) continue;
      const [copy] = await tx
        .insert(courseTreeNodes)
        .values({ courseId: toCourseId, parentId, nodeType: n.nodeType, valueId, position: n.position })
        .returning({ id: courseTreeNodes.id });
      nodeMap.set(n.id, copy!.id);
    }
    if (next.length === pending.length) break;
    pending = next;
  }
}
