import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminCoursesQuery } from '@banksia/contracts/authoring-courses';
import { attachments, chunks, courses, courseTreeNodes, lessons, sections, videos } from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';
import type { CourseRow, LessonRow, TreeNodeRow } from '../courses.repository';

/** Course and lesson authoring queries (content staff). */

export async function adminCourseList(db: Executor, query: AdminCoursesQuery) {
  const conditions = [sql`true`];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(co.title ilike ${like} or co.slug ilike ${like})`);
  }
  if (query.year !== undefined) conditions.push(sql`co.year_published = ${query.year}`);
  if (query.subject) conditions.push(sql`co.subject = ${query.subject}`);
  if (query.published) conditions.push(sql`co.is_published = ${query.published === 'yes'}`);
  const { rows } = await db.execute<{
    id: number;
    title: string;
    slug: string;
    subject: string;
    year_published: number;
    is_published: boolean;
    lesson_count: number;
    unpublished_lesson_count: number;
    class_count: number;
  }>(sql`
    select co.id, co.title, co.slug, co.subject, co.year_published, co.is_published,
           (select count(*)::int from lessons l where l.course_id = co.id) as lesson_count,
           (select count(*)::int from lessons l where l.course_id = co.id and not l.is_published)
             as unpublished_lesson_count,
           (select count(*)::int from school_classes c where c.course_id = co.id) as class_count
    from courses co
    where ${sql.join(conditions, sql` and `)}
    order by co.year_published desc, co.title, co.id
    limit 500`);
  return rows;
}

export async function courseYearsAndSubjects(db: Executor) {
  const { rows } = await db.execute<{ years: number[] | null; subjects: string[] | null }>(sql`
    select array(select distinct year_published from courses order by 1 desc) as years,
           array(select distinct subject from courses order by 1) as subjects`);
  return { years: rows[0]?.years ?? [], subjects: rows[0]?.subjects ?? [] };
}

/** The course using a slug, if any (optionally other than `exceptId`). */
/** A new course row. */
export async function insertCourse(tx: Executor, values: typeof courses.$inferInsert): Promise<CourseRow> {
  const [row] = await tx.insert(courses).values(values).returning();
  return row!;
}

export async function courseWithSlug(db: Executor, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(
      exceptId === undefined ? eq(courses.slug, slug) : and(eq(courses.slug, slug), sql`${courses.id} <> ${exceptId}`),
    );
  return row ?? null;
}

/**
 * Takes the course's next version if `version` is still current (one guarded update, so two saves cannot both
 * pass): the updated row, or null when the course is missing or was saved since.
 */
export async function claimCourseVersion(
  tx: Executor,
  courseId: number,
  version: number,
  changes: Partial<typeof courses.$inferInsert> = {},
): Promise<CourseRow | null> {
  const [row] = await tx
    .update(courses)
    .set({ ...changes, version: sql`${courses.version} + 1` })
    .where(and(eq(courses.id, courseId), eq(courses.version, version)))
    .returning();
  return row ?? null;
}

export async function claimLessonVersion(
  tx: Executor,
  lessonId: number,
  version: number,
  changes: Partial<typeof lessons.$inferInsert> = {},
): Promise<LessonRow | null> {
  const [row] = await tx
    .update(lessons)
    .set({ ...changes, version: sql`${lessons.version} + 1` })
    .where(and(eq(lessons.id, lessonId), eq(lessons.version, version)))
    .returning();
  return row ?? null;
}

/** The course's root tree node, created when missing. */
export async function ensureRootNode(tx: Executor, courseId: number): Promise<TreeNodeRow> {
  const [existing] = await tx
    .select()
    .from(courseTreeNodes)
    .where(and(eq(courseTreeNodes.courseId, courseId), eq(courseTreeNodes.nodeType, 'course')));
  if (existing) return existing;
  // Two requests may both find none: the unique (course, type, value) key keeps one, and both read it back.
  await tx
    .insert(courseTreeNodes)
    .values({ courseId, nodeType: 'course', valueId: courseId, position: 0 })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(courseTreeNodes)
    .where(and(eq(courseTreeNodes.courseId, courseId), eq(courseTreeNodes.nodeType, 'course')));
  return row!;
}

/** Places a value as the last child of a node. */
export async function appendNode(
  tx: Executor,
  courseId: number,
  parentId: number,
  nodeType: 'section' | 'lesson' | 'exam' | 'attachment',
  valueId: number,
): Promise<TreeNodeRow> {
  const [row] = await tx
    .insert(courseTreeNodes)
    .values({
      courseId,
      parentId,
      nodeType,
      valueId,
      position: sql`(select coalesce(max(position) + 1, 0) from course_tree_nodes where parent_id = ${parentId})`,
    })
    .returning();
  return row!;
}

export async function nodesOfCourse(db: Executor, courseId: number): Promise<TreeNodeRow[]> {
  return db
    .select()
    .from(courseTreeNodes)
    .where(eq(courseTreeNodes.courseId, courseId))
    .orderBy(asc(courseTreeNodes.position), asc(courseTreeNodes.id));
}

export async function placeNodes(tx: Executor, parentId: number, orderedNodeIds: readonly number[]): Promise<void> {
  for (const [position, nodeId] of orderedNodeIds.entries()) {
    await tx.update(courseTreeNodes).set({ parentId, position }).where(eq(courseTreeNodes.id, nodeId));
  }
}

/** Every tree node with what the editor shows of its item. */
export async function authoringTreeRows(db: Executor, courseId: number) {
  const { rows } = await db.execute<{
    id: number;
    parent_id: number | null;
    node_type: TreeNodeRow['nodeType'];
    value_id: number;
    position: number;
    title: string | null;
    is_published: boolean | null;
    is_coming_soon: boolean | null;
    is_premium: boolean | null;
    version: number | null;
    detail: string | null;
  }>(sql`
    select n.id, n.parent_id, n.node_type, n.value_id, n.position,
           coalesce(s.title, l.title, e.title, a.title) as title,
           coalesce(s.is_published, l.is_published, e.is_published, true) as is_published,
           coalesce(l.is_coming_soon, false) as is_coming_soon,
           coalesce(l.is_premium, a.is_premium, false) as is_premium,
           l.version,
           coalesce(e.kind, a.file_name) as detail
    from course_tree_nodes n
    left join sections s on n.node_type = 'section' and s.id = n.value_id and s.course_id = n.course_id
    left join lessons l on n.node_type = 'lesson' and l.id = n.value_id and l.course_id = n.course_id
    left join exams e on n.node_type = 'exam' and e.id = n.value_id and e.course_id = n.course_id
    left join attachments a on n.node_type = 'attachment' and a.id = n.value_id and a.course_id = n.course_id
    where n.course_id = ${courseId}
      and (n.node_type = 'course' or coalesce(s.id, l.id, e.id, a.id) is not null)
    order by n.position, n.id`);
  return rows;
}

export async function insertSection(tx: Executor, courseId: number, title: string) {
  const [row] = await tx.insert(sections).values({ courseId, title, isPublished: false }).returning();
  return row!;
}

export async function insertLesson(tx: Executor, courseId: number, title: string) {
  const [row] = await tx.insert(lessons).values({ courseId, title, isPublished: false }).returning();
  return row!;
}

export async function findSection(db: Executor, courseId: number, sectionId: number) {
  const [row] = await db
    .select()
    .from(sections)
    .where(and(eq(sections.id, sectionId), eq(sections.courseId, courseId)));
  return row ?? null;
}

export async function updateSection(tx: Executor, sectionId: number, changes: Partial<typeof sections.$inferInsert>) {
  const [row] = await tx.update(sections).set(changes).where(eq(sections.id, sectionId)).returning();
  return row!;
}

export async function findAttachment(db: Executor, courseId: number, attachmentId: number) {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, attachmentId), eq(attachments.courseId, courseId)));
  return row ?? null;
}

export async function insertAttachment(tx: Executor, values: typeof attachments.$inferInsert) {
  const [row] = await tx.insert(attachments).values(values).returning();
  return row!;
}

export async function updateAttachment(
  tx: Executor,
  attachmentId: number,
  changes: Partial<typeof attachments.$inferInsert>,
) {
  const [row] = await tx.update(attachments).set(changes).where(eq(attachments.id, attachmentId)).returning();
  return row!;
}

export async function attachmentsOfCourse(db: Executor, courseId: number) {
  return db.select().from(attachments).where(eq(attachments.courseId, courseId)).orderBy(asc(attachments.id));
}

/** The lesson's chunks by index (ids, titles, videos). */
export async function chunkRowsOfLesson(db: Executor, lessonId: number) {
  return db.select().from(chunks).where(eq(chunks.lessonId, lessonId)).orderBy(asc(chunks.index));
}

/** Every video, newest first, with the first chunk title that uses it (for a readable label). */
export async function videoOptions(db: Executor) {
  const { rows } = await db.execute<{
    id: number;
    kind: 'file' | 'hosted';
    storage_key: string | null;
    provider: string | null;
    hosted_id: string | null;
    duration: number;
    title: string;
    used_as: string | null;
  }>(sql`
    select v.id, v.kind, v.storage_key, v.provider, v.hosted_id, v.duration, v.title,
           (select ch.title from chunks ch where ch.video_id = v.id order by ch.id limit 1) as used_as
    from videos v
    order by v.id desc
    limit 1000`);
  return rows;
}

export async function existingVideoIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(sql`${videos.id} in (${sql.join(ids, sql`, `)})`);
  return new Set(rows.map((r) => r.id));
}

/** The course's exams a lesson may take as its question set. */
export async function questionSetOptions(db: Executor, courseId: number) {
  const { rows } = await db.execute<{ id: number; title: string; kind: string }>(sql`
    select id, title, kind from exams
    where course_id = ${courseId} and kind in ('question_set', 'reflective_question_set')
    order by title, id`);
  return rows;
}

export async function examOfCourse(db: Executor, courseId: number, examId: number) {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from exams where id = ${examId} and course_id = ${courseId}`);
  return rows[0] ?? null;
}

/** A class on the course (the newest), for staff to preview a lesson as a student sees it. */
export async function previewClassOf(db: Executor, courseId: number): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from school_classes where course_id = ${courseId} order by calendar_year desc, id desc limit 1`);
  return rows[0]?.id ?? null;
}

/** Replaces a lesson's chunks: kept ones (by id) updated in place, new ones added, missing ones removed. */
export async function replaceChunks(
  tx: Executor,
  lessonId: number,
  wanted: readonly { id: number | null; title: string; video_id: number }[],
): Promise<void> {
  const keep = wanted.flatMap((c) => (c.id === null ? [] : [c.id]));
  await tx.execute(sql`
    delete from chunks where lesson_id = ${lessonId}
    ${keep.length ? sql`and id not in (${sql.join(keep, sql`, `)})` : sql``}`);
  // Move the kept chunks out of the way first: (lesson_id, index) is unique.
  await tx.execute(sql`update chunks set index = index + 100000 where lesson_id = ${lessonId}`);
  for (const [i, c] of wanted.entries()) {
    if (c.id === null) {
      await tx.insert(chunks).values({ lessonId, index: i + 1, title: c.title, videoId: c.video_id });
    } else {
      await tx
        .update(chunks)
        .set({ index: i + 1, title: c.title, videoId: c.video_id })
        .where(and(eq(chunks.id, c.id), eq(chunks.lessonId, lessonId)));
    }
  }
}

/** Counts for the staff home, in one query. */
export async function attentionCounts(db: Executor) {
  const { rows } = await db.execute<{
    draft_courses: number;
    unpublished_lessons: number;
    unpublished_exams: number;
    pending_support_requests: number;
    captions_in_review: number;
  }>(sql`
    select (select count(*)::int from courses where not is_published) as draft_courses,
           (select count(*)::int from lessons where not is_published) as unpublished_lessons,
           (select count(*)::int from exams where not is_published) as unpublished_exams,
           (select count(*)::int from support_requests where resolved_at is null) as pending_support_requests,
           (select count(*)::int from caption_tracks where status = 'in_review') as captions_in_review`);
  return rows[0]!;
}

/** What students and classes hold in a lesson: visits and watching of its parts, ratings, notes, answers, tasks. */
export async function studentWorkInLesson(db: Executor, lessonId: number) {
  const { rows } = await db.execute<{
    visits: number;
    ratings: number;
    notes: number;
    responses: number;
    tasks: number;
  }>(sql`
    select (select count(*)::int from chunk_visits v join chunks ch on ch.id = v.chunk_id where ch.lesson_id = ${lessonId})
             + (select count(*)::int from chunk_watches w join chunks ch on ch.id = w.chunk_id where ch.lesson_id = ${lessonId})
             as visits,
           (select count(*)::int from lesson_self_ratings where lesson_id = ${lessonId}) as ratings,
           (select count(*)::int from lesson_notes where lesson_id = ${lessonId}) as notes,
           (select count(*)::int from activity_responses r join activities a on a.id = r.activity_id
             where a.lesson_id = ${lessonId}) as responses,
           (select count(*)::int from task_items where lesson_id = ${lessonId}) as tasks`);
  return rows[0]!;
}

/** Deletes a tree node and the topic, lesson or attachment it places (a lesson's parts go with it). */
export async function deleteTreeValue(
  tx: Executor,
  courseId: number,
  nodeId: number,
  nodeType: 'section' | 'lesson' | 'attachment',
  valueId: number,
): Promise<void> {
  await tx.delete(courseTreeNodes).where(and(eq(courseTreeNodes.id, nodeId), eq(courseTreeNodes.courseId, courseId)));
  const table = { section: sections, lesson: lessons, attachment: attachments }[nodeType];
  await tx.delete(table).where(and(eq(table.id, valueId), eq(table.courseId, courseId)));
}
