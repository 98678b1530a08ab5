import type { ExamListQuery } from '@banksia/contracts/exam-authoring';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  activities,
  courses,
  examQuestions,
  exams,
  examSections,
  type ExamQuestionDefinition,
} from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';
import type { ExamRow, QuestionRow, SectionRow } from '../shared/index';

export async function lockExam(db: Executor, examId: number): Promise<ExamRow | null> {
  const [row] = await db.select().from(exams).where(eq(exams.id, examId)).for('update');
  return row ?? null;
}

export async function courseOf(db: Executor, courseId: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId));
  return row ?? null;
}

export async function allCourses(db: Executor) {
  return db.select().from(courses).orderBy(asc(courses.title), asc(courses.yearPublished), asc(courses.id));
}

export async function sittingCount(db: Executor, examId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from exam_sittings where exam_id = ${examId}`,
  );
  return rows[0]?.n ?? 0;
}

export async function insertExam(db: Executor, values: typeof exams.$inferInsert): Promise<ExamRow> {
  const [row] = await db.insert(exams).values(values).returning();
  return row!;
}

export async function updateExam(db: Executor, examId: number, values: Partial<typeof exams.$inferInsert>) {
  await db.update(exams).set(values).where(eq(exams.id, examId));
}

export async function insertSection(db: Executor, examId: number, title: string, position: number) {
  const [row] = await db.insert(examSections).values({ examId, title, position }).returning();
  return row!;
}

export async function updateSection(db: Executor, id: number, title: string, position: number) {
  await db.update(examSections).set({ title, position }).where(eq(examSections.id, id));
}

export async function deleteSections(db: Executor, ids: number[]) {
  if (ids.length) await db.delete(examSections).where(inArray(examSections.id, ids));
}

export interface QuestionValues {
  sectionId: number;
  position: number;
  marks: number;
  prompt: string;
  workedSolution: string;
  definition: ExamQuestionDefinition;
}

export async function insertQuestion(db: Executor, examId: number, v: QuestionValues): Promise<QuestionRow> {
  const [row] = await db
    .insert(examQuestions)
    .values({ ...v, examId, marks: String(v.marks) })
    .returning();
  return row!;
}

export async function updateQuestion(db: Executor, id: number, v: QuestionValues) {
  await db
    .update(examQuestions)
    .set({ ...v, marks: String(v.marks) })
    .where(eq(examQuestions.id, id));
}

export async function deleteQuestions(db: Executor, ids: number[]) {
  if (ids.length) await db.delete(examQuestions).where(inArray(examQuestions.id, ids));
}

export type { SectionRow };

/** Exams matching the list's filters with their course and place, newest first, at most `limit`; and the count. */
export async function listExams(db: Executor, q: ExamListQuery, limit: number) {
  const filters = [sql`true`];
  if (q.q) filters.push(sql`e.title ilike ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (q.course_id) filters.push(sql`e.course_id = ${q.course_id}`);
  if (q.kind) filters.push(sql`e.kind = ${q.kind}`);
  if (q.published) filters.push(sql`e.is_published = ${q.published === 'true'}`);
  const where = sql.join(filters, sql` and `);
  const { rows } = await db.execute<{
    id: number;
    title: string;
    kind: ExamRow['kind'];
    course_id: number;
    course_title: string;
    year_published: number;
    is_published: boolean;
    question_count: number;
    marks_total: string;
    sitting_count: number;
    lesson_title: string | null;
    topic_title: string | null;
    at_course_level: boolean;
    total: number;
  }>(sql`
    select e.id, e.title, e.kind, e.course_id, c.title as course_title, c.year_published, e.is_published,
           e.question_count, e.marks_total::text as marks_total,
           (select count(*)::int from exam_sittings st where st.exam_id = e.id) as sitting_count,
           (select l.title from lessons l where l.question_set_id = e.id limit 1) as lesson_title,
           (select s.title from course_tree_nodes n
              join course_tree_nodes p on p.id = n.parent_id and p.node_type = 'section'
              join sections s on s.id = p.value_id
            where n.node_type = 'exam' and n.value_id = e.id and n.course_id = e.course_id limit 1) as topic_title,
           exists (select 1 from course_tree_nodes n
              join course_tree_nodes p on p.id = n.parent_id and p.node_type = 'course'
            where n.node_type = 'exam' and n.value_id = e.id and n.course_id = e.course_id) as at_course_level,
           count(*) over ()::int as total
    from exams e join courses c on c.id = e.course_id
    where ${where}
    order by e.id desc
    limit ${limit}`);
  return rows;
}

/** Which of the ids are activities of the course. */
export async function activityIdsOfCourse(db: Executor, courseId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: activities.id, courseId: activities.courseId })
    .from(activities)
    .where(inArray(activities.id, ids));
  return new Set(rows.filter((r) => r.courseId === courseId).map((r) => r.id));
}

/** The activities of a course, by title, for activity questions. */
export async function activitiesOfCourse(db: Executor, courseId: number) {
  return db
    .select({ id: activities.id, label: activities.title })
    .from(activities)
    .where(eq(activities.courseId, courseId))
    .orderBy(asc(activities.title), asc(activities.id));
}
