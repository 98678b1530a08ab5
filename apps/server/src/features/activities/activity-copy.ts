import { asc, eq, inArray, or } from 'drizzle-orm';
import { activities } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

/**
 * Copies the activities of a course (placed on the course or in one of its lessons) into another course, inside the
 * caller's transaction: new ids, the same blocks, placed in the copied lessons (`lessonMap`: old → new lesson id).
 * Students' responses stay with the originals. Answers old → new activity id.
 */
export async function copyActivitiesOfCourse(
  tx: Executor,
  fromCourseId: number,
  toCourseId: number,
  lessonMap: ReadonlyMap<number, number>,
  actorUserId: number,
  now: Date,
): Promise<Map<number, number>> {
  const lessonIds = [...lessonMap.keys()];
  const rows = await tx
    .select()
    .from(activities)
    .where(
      lessonIds.length
        ? or(eq(activities.courseId, fromCourseId), inArray(activities.lessonId, lessonIds))
        : eq(activities.courseId, fromCourseId),
    )
    .orderBy(asc(activities.id));
  const map = new Map<number, number>();
  for (const a of rows) {
    const [copy] = await tx
      .insert(activities)
      .values({
        courseId: toCourseId,
        lessonId: a.lessonId === null ? null : (lessonMap.get(a.lessonId) ?? null),
        title: a.title,
        blocks: a.blocks,
        createdBy: actorUserId,
        updatedAt: now,
      })
      .returning({ id: activities.id });
    map.set(a.id, copy!.id);
  }
  return map;
}
