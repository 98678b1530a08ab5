import type { ExamPlacement } from '@banksia/contracts/exam-authoring';
import { and, eq, sql } from 'drizzle-orm';
import { courseTreeNodes, lessons, sections } from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';

// Where an exam sits in its course: a node under a topic, or a lesson's question set. Used by exam authoring only;
// writes run in the caller's transaction. It lives here, not in courses, so that courses (which copies a course's
// exams through exams/index) is never imported by exams: the two features depend one way.

/** Where the exam sits now; null when it is neither in the tree under a topic nor a lesson's question set. */
export async function placementOfExam(db: Executor, courseId: number, examId: number): Promise<ExamPlacement | null> {
  const [lesson] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.questionSetId, examId)))
    .limit(1);
  if (lesson) return { kind: 'lesson', lesson_id: lesson.id };
  const { rows } = await db.execute<{ parent_type: string; value_id: number }>(sql`
    select parent.node_type as parent_type, parent.value_id
    from course_tree_nodes n
    join course_tree_nodes parent on parent.id = n.parent_id
    where n.course_id = ${courseId} and n.node_type = 'exam' and n.value_id = ${examId}
    limit 1`);
  const parent = rows[0];
  if (parent?.parent_type === 'section') return { kind: 'topic', section_id: parent.value_id };
  if (parent?.parent_type === 'course') return { kind: 'course' };
  return null;
}

/**
 * Field errors of a placement in a course (keys like `placement.section_id`), or none: the topic or lesson must be
 * the course's, and a lesson takes a question set (not an exam) and only one.
 */
export async function placementErrors(
  db: Executor,
  courseId: number,
  examId: number | null,
  kind: string,
  placement: ExamPlacement,
): Promise<Record<string, string[]>> {
  if (placement.kind === 'course') return {};
  if (placement.kind === 'topic') {
    const [node] = await db
      .select({ id: courseTreeNodes.id })
      .from(courseTreeNodes)
      .innerJoin(sections, eq(sections.id, courseTreeNodes.valueId))
      .where(
        and(
          eq(courseTreeNodes.courseId, courseId),
          eq(courseTreeNodes.nodeType, 'section'),
          eq(courseTreeNodes.valueId, placement.section_id),
          eq(sections.courseId, courseId),
        ),
      )
      .limit(1);
    return node ? {} : { 'placement.section_id': ['Not a topic of this course.'] };
  }
  if (kind === 'exam') {
    return { 'placement.lesson_id': ['A lesson takes a question set, not an exam: choose a topic instead.'] };
  }
  const [lesson] = await db
    .select({ courseId: lessons.courseId, questionSetId: lessons.questionSetId })
    .from(lessons)
    .where(eq(lessons.id, placement.lesson_id));
  if (!lesson || lesson.courseId !== courseId) return { 'placement.lesson_id': ['Not a lesson of this course.'] };
  if (lesson.questionSetId !== null && lesson.questionSetId !== examId) {
    return { 'placement.lesson_id': ['This lesson already has a question set.'] };
  }
  return {};
}

/** Puts the exam where `placement` says (checked by placementErrors first), leaving any previous place. */
export async function placeExam(
  db: Executor,
  courseId: number,
  examId: number,
  placement: ExamPlacement,
): Promise<void> {
  const current = await placementOfExam(db, courseId, examId);
  if (current && JSON.stringify(current) === JSON.stringify(placement)) return;
  await db
    .update(lessons)
    .set({ questionSetId: null })
    .where(and(eq(lessons.courseId, courseId), eq(lessons.questionSetId, examId)));
  if (placement.kind === 'lesson') {
    await db
      .delete(courseTreeNodes)
      .where(
        and(
          eq(courseTreeNodes.courseId, courseId),
          eq(courseTreeNodes.nodeType, 'exam'),
          eq(courseTreeNodes.valueId, examId),
        ),
      );
    await db.update(lessons).set({ questionSetId: examId }).where(eq(lessons.id, placement.lesson_id));
    return;
  }
  const parent =
    placement.kind === 'course'
      ? await courseRoot(db, courseId)
      : await sectionNode(db, courseId, placement.section_id);
  const { rows } = await db.execute<{ next: number }>(sql`
    select coalesce(max(position) + 1, 0)::int as next from course_tree_nodes where parent_id = ${parent!.id}`);
  const position = rows[0]?.next ?? 0;
  const [existing] = await db
    .select({ id: courseTreeNodes.id })
    .from(courseTreeNodes)
    .where(
      and(
        eq(courseTreeNodes.courseId, courseId),
        eq(courseTreeNodes.nodeType, 'exam'),
        eq(courseTreeNodes.valueId, examId),
      ),
    );
  if (existing) {
    await db.update(courseTreeNodes).set({ parentId: parent!.id, position }).where(eq(courseTreeNodes.id, existing.id));
  } else {
    await db
      .insert(courseTreeNodes)
      .values({ courseId, parentId: parent!.id, nodeType: 'exam', valueId: examId, position });
  }
}

async function sectionNode(db: Executor, courseId: number, sectionId: number) {
  const [node] = await db
    .select({ id: courseTreeNodes.id })
    .from(courseTreeNodes)
    .where(
      and(
        eq(courseTreeNodes.courseId, courseId),
        eq(courseTreeNodes.nodeType, 'section'),
        eq(courseTreeNodes.valueId, sectionId),
      ),
    );
  return node;
}

/** The course's root node, made if the course has no tree yet. */
async function courseRoot(db: Executor, courseId: number) {
  const [node] = await db
    .select({ id: courseTreeNodes.id })
    .from(courseTreeNodes)
    .where(and(eq(courseTreeNodes.courseId, courseId), eq(courseTreeNodes.nodeType, 'course')));
  if (node) return node;
  const [made] = await db
    .insert(courseTreeNodes)
    .values({ courseId, parentId: null, nodeType: 'course', valueId: courseId, position: 0 })
    .returning({ id: courseTreeNodes.id });
  return made;
}

/** The topics (sections, indented by depth) and lessons of a course, in tree order, for the placement selector. */
export async function placementOptions(db: Executor, courseId: number) {
  const { rows } = await db.execute<{
    id: number;
    parent_id: number | null;
    node_type: string;
    value_id: number;
    title: string | null;
    question_set_id: number | null;
  }>(sql`
    select n.id, n.parent_id, n.node_type, n.value_id, coalesce(s.title, l.title) as title, l.question_set_id
    from course_tree_nodes n
    left join sections s on n.node_type = 'section' and s.id = n.value_id
    left join lessons l on n.node_type = 'lesson' and l.id = n.value_id
    where n.course_id = ${courseId} and n.node_type in ('course', 'section', 'lesson')
    order by n.position, n.id`);
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const topics: { id: number; label: string; depth: number }[] = [];
  const lessonOptions: { id: number; label: string; question_set_id: number | null }[] = [];
  const seen = new Set<number>();
  const walk = (parentId: number, depth: number, path: string[]) => {
    for (const row of children.get(parentId) ?? []) {
      if (seen.has(row.id) || row.title === null) continue;
      seen.add(row.id);
      if (row.node_type === 'section') {
        topics.push({ id: row.value_id, label: [...path, row.title].join(' › '), depth });
        walk(row.id, depth + 1, [...path, row.title]);
      } else if (row.node_type === 'lesson') {
        lessonOptions.push({
          id: row.value_id,
          label: [...path, row.title].join(' › '),
          question_set_id: row.question_set_id,
        });
      }
    }
  };
  const root = rows.find((r) => r.node_type === 'course' && r.parent_id === null);
  if (root) walk(root.id, 1, []);
  return { topics, lessons: lessonOptions };
}
