import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  activities,
  attachments,
  captionTracks,
  chunks,
  courses,
  courseTreeNodes,
  exams,
  lessons,
  sections,
  videos,
} from '../../../db/schema/index';
import { sideBySide, type Executor } from '../../../platform/db';
import {
  chunkColumns,
  type AttachmentRow,
  type CaptionRow,
  type CourseRow,
  type ExamRow,
  type LessonRow,
  type SectionRow,
  type TreeNodeRow,
} from '../courses.repository';

/** Courses by title; only published ones unless `includeUnpublished`. */
export async function listCourses(db: Executor, includeUnpublished: boolean): Promise<CourseRow[]> {
  return db
    .select()
    .from(courses)
    .where(includeUnpublished ? undefined : eq(courses.isPublished, true))
    .orderBy(asc(courses.title), asc(courses.id));
}

/** Distinct subjects of the courses (published ones unless `includeUnpublished`), alphabetically. */
export async function listSubjects(db: Executor, includeUnpublished: boolean): Promise<string[]> {
  const rows = await db
    .selectDistinct({ subject: courses.subject })
    .from(courses)
    .where(includeUnpublished ? undefined : eq(courses.isPublished, true))
    .orderBy(asc(courses.subject));
  return rows.map((r) => r.subject);
}

/** The classes a user teaches or is on the roster of (LOCKED and above), with their courses. */
export async function classesWithCoursesOf(db: Executor, userId: number) {
  const { rows } = await db.execute<{
    course_id: number;
    title: string;
    year_published: number;
    class_id: number;
    class_title: string;
    calendar_year: number;
  }>(sql`
    select co.id as course_id, co.title, co.year_published,
           c.id as class_id, c.title as class_title, c.calendar_year
    from school_classes c
    join courses co on co.id = c.course_id
    where c.id in (
      select ct.class_id from class_teachers ct join profiles p on p.id = ct.profile_id
      where p.user_id = ${userId} and ct.school_id = p.school_id
      union
      select e.class_id from enrolments e join profiles p on p.id = e.profile_id
      where p.user_id = ${userId} and e.school_id = p.school_id and e.access_status >= 25)
    order by co.title, co.id, c.calendar_year desc, c.title, c.id`);
  return rows;
}

/** The course's tree nodes, in order within each parent. */
export async function treeOf(db: Executor, courseId: number): Promise<TreeNodeRow[]> {
  return db
    .select()
    .from(courseTreeNodes)
    .where(eq(courseTreeNodes.courseId, courseId))
    .orderBy(asc(courseTreeNodes.parentId), asc(courseTreeNodes.position), asc(courseTreeNodes.id));
}

export async function sectionsOfCourse(db: Executor, courseId: number): Promise<SectionRow[]> {
  return db.select().from(sections).where(eq(sections.courseId, courseId));
}

export async function lessonsOfCourse(db: Executor, courseId: number): Promise<LessonRow[]> {
  return db.select().from(lessons).where(eq(lessons.courseId, courseId));
}

export async function examsOfCourse(db: Executor, courseId: number): Promise<ExamRow[]> {
  return db.select().from(exams).where(eq(exams.courseId, courseId));
}

export async function attachmentsOfCourse(db: Executor, courseId: number): Promise<AttachmentRow[]> {
  return db.select().from(attachments).where(eq(attachments.courseId, courseId));
}

/** Every chunk of the course's lessons with its video, by lesson and index. */
export async function chunksOfCourse(db: Executor, courseId: number) {
  return db
    .select(chunkColumns)
    .from(chunks)
    .innerJoin(lessons, eq(lessons.id, chunks.lessonId))
    .innerJoin(videos, eq(videos.id, chunks.videoId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(chunks.lessonId), asc(chunks.index));
}

/** Caption tracks of every video used by the course's chunks. */
export async function captionsOfCourse(db: Executor, courseId: number): Promise<CaptionRow[]> {
  const used = db
    .select({ id: chunks.videoId })
    .from(chunks)
    .innerJoin(lessons, eq(lessons.id, chunks.lessonId))
    .where(eq(lessons.courseId, courseId));
  // Students get only approved captions: a track's file exists only once a second person approved it.
  return db
    .select()
    .from(captionTracks)
    .where(and(inArray(captionTracks.videoId, used), isNotNull(captionTracks.storageKey)))
    .orderBy(asc(captionTracks.videoId), asc(captionTracks.id));
}

/** Activities placed in the course's lessons, oldest first. */
export async function activitiesOfCourse(db: Executor, courseId: number) {
  return db
    .select({ id: activities.id, title: activities.title, lessonId: sql<number>`${activities.lessonId}` })
    .from(activities)
    .innerJoin(lessons, eq(lessons.id, activities.lessonId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(activities.id));
}

/** Everything needed to assemble a course: one query per table, run side by side. */
export async function courseContent(db: Executor, courseId: number) {
  const [nodes, sectionRows, lessonRows, chunkRows, captionRows, examRows, attachmentRows, activityRows] =
    await sideBySide(db, [
      () => treeOf(db, courseId),
      () => sectionsOfCourse(db, courseId),
      () => lessonsOfCourse(db, courseId),
      () => chunksOfCourse(db, courseId),
      () => captionsOfCourse(db, courseId),
      () => examsOfCourse(db, courseId),
      () => attachmentsOfCourse(db, courseId),
      () => activitiesOfCourse(db, courseId),
    ]);
  return {
    nodes,
    sections: sectionRows,
    lessons: lessonRows,
    chunks: chunkRows,
    captions: captionRows,
    exams: examRows,
    attachments: attachmentRows,
    activities: activityRows,
  };
}
export type CourseContent = Awaited<ReturnType<typeof courseContent>>;

/** The course's tree with each node's title and flags, for the branch selectors (one query). */
export async function titledTreeOf(db: Executor, courseId: number) {
  const { rows } = await db.execute<{
    id: number;
    parent_id: number | null;
    node_type: TreeNodeRow['nodeType'];
    value_id: number;
    position: number;
    title: string | null;
    is_published: boolean | null;
    is_submittable: boolean | null;
  }>(sql`
    select n.id, n.parent_id, n.node_type, n.value_id, n.position,
           coalesce(s.title, l.title, e.title, a.title) as title,
           -- null when the node points at a row that no longer exists
           case when coalesce(s.id, l.id, e.id, a.id) is null then null
                else coalesce(s.is_published, l.is_published, e.is_published, true) end as is_published,
           e.is_submittable
    from course_tree_nodes n
    left join sections s on n.node_type = 'section' and s.id = n.value_id and s.course_id = n.course_id
    left join lessons l on n.node_type = 'lesson' and l.id = n.value_id and l.course_id = n.course_id
    left join exams e on n.node_type = 'exam' and e.id = n.value_id and e.course_id = n.course_id
    left join attachments a on n.node_type = 'attachment' and a.id = n.value_id and a.course_id = n.course_id
    where n.course_id = ${courseId}
    order by n.parent_id nulls first, n.position, n.id`);
  return rows;
}
