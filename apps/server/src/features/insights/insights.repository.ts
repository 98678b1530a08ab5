import type { ExamAnswer, MarkStatus } from '@banksia/contracts/exams';
import { sql, type SQL } from 'drizzle-orm';
import type { ExamQuestionDefinition } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

// Every query takes the class's school and filters school-owned rows (enrolments, visits, watches, ratings, notes,
// sittings, answers) by it. Only students on the roster (access status LOCKED or above) are counted.

export interface ClassScope {
  classId: number;
  schoolId: number;
}

/** Profiles on the class's roster with their names. */
function rosterWithNames(q: ClassScope): SQL {
  return sql`select p.id as profile_id, u.first_name, u.last_name
    from enrolments e
    join profiles p on p.id = e.profile_id
    join users u on u.id = p.user_id
    where e.class_id = ${q.classId} and e.school_id = ${q.schoolId} and e.access_status >= 25`;
}

/**
 * The tree nodes below a section of the course (at any depth), with their type and value. Empty when the section
 * is not in the course's tree.
 */
function nodesUnderSection(courseId: number, sectionId: number): SQL {
  return sql`(
    with recursive under(id, node_type, value_id) as (
      select n.id, n.node_type, n.value_id from course_tree_nodes n
      join course_tree_nodes t on t.id = n.parent_id
      where t.course_id = ${courseId} and t.node_type = 'section' and t.value_id = ${sectionId}
      union all
      select n.id, n.node_type, n.value_id from course_tree_nodes n join under u on n.parent_id = u.id
    )
    select node_type, value_id from under
  )`;
}

/** A section of the course placed in its tree (a topic), or null. */
export async function findTopic(db: Executor, courseId: number, topicId: number) {
  const { rows } = await db.execute<{ id: number; title: string }>(sql`
    select s.id, s.title from sections s
    where s.id = ${topicId} and s.course_id = ${courseId}
      and exists (select 1 from course_tree_nodes n
                  where n.course_id = ${courseId} and n.node_type = 'section' and n.value_id = s.id)`);
  return rows[0] ?? null;
}

/** A lesson of the course, and whether it sits under the topic, or null. */
export async function findLessonInTopic(db: Executor, q: { courseId: number; topicId: number; lessonId: number }) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    is_published: boolean;
    is_coming_soon: boolean;
    question_set_id: number | null;
    in_topic: boolean;
  }>(sql`
    select l.id, l.title, l.is_published, l.is_coming_soon, l.question_set_id,
      exists (select 1 from ${nodesUnderSection(q.courseId, q.topicId)} u
              where u.node_type = 'lesson' and u.value_id = l.id) as in_topic
    from lessons l
    where l.id = ${q.lessonId} and l.course_id = ${q.courseId}`);
  return rows[0] ?? null;
}

/**
 * An exam of the course, and whether it belongs to the topic: placed under it, or the question set of a lesson
 * placed under it (question sets are reached through their lesson). Null when not in the course.
 */
export async function findExamInTopic(db: Executor, q: { courseId: number; topicId: number; examId: number }) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    kind: 'exam' | 'question_set' | 'reflective_question_set';
    marks_total: string;
    in_topic: boolean;
  }>(sql`
    with under as ${nodesUnderSection(q.courseId, q.topicId)}
    select x.id, x.title, x.kind, x.marks_total,
      (exists (select 1 from under u where u.node_type = 'exam' and u.value_id = x.id)
       or exists (select 1 from under u join lessons l on l.id = u.value_id
                  where u.node_type = 'lesson' and l.question_set_id = x.id)) as in_topic
    from exams x
    where x.id = ${q.examId} and x.course_id = ${q.courseId}`);
  return rows[0] ?? null;
}

/** An exam by id (a lesson's question set), or null. */
export async function findExam(db: Executor, examId: number) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    kind: 'exam' | 'question_set' | 'reflective_question_set';
    marks_total: string;
  }>(sql`select id, title, kind, marks_total from exams where id = ${examId}`);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Lessons

/**
 * Per chunk of the lesson, in order: the roster students who opened it and all their openings, and what they
 * played of its video (students who played any, their mean seconds, and those past 90%). One grouped query.
 */
export async function chunkEngagement(db: Executor, q: ClassScope & { lessonId: number }) {
  const { rows } = await db.execute<{
    chunk_id: number;
    index: number;
    title: string;
    duration: number;
    students_visited: number;
    total_visits: number;
    students_played: number;
    average_seconds: number | null;
    students_watched: number;
  }>(sql`
    with roster as (select e.profile_id from enrolments e
                    where e.class_id = ${q.classId} and e.school_id = ${q.schoolId} and e.access_status >= 25),
    visits as (
      select v.chunk_id, count(*)::int as students, coalesce(sum(v.visit_count), 0)::int as total
      from chunk_visits v join roster r on r.profile_id = v.profile_id
      join chunks c on c.id = v.chunk_id
      where c.lesson_id = ${q.lessonId} and v.class_id = ${q.classId} and v.school_id = ${q.schoolId}
      group by v.chunk_id
    ),
    watches as (
      select w.chunk_id,
        count(*) filter (where w.seconds_watched > 0)::int as played,
        avg(w.seconds_watched) filter (where w.seconds_watched > 0)::float8 as average_seconds,
        count(*) filter (where w.watched)::int as watched
      from chunk_watches w join roster r on r.profile_id = w.profile_id
      join chunks c on c.id = w.chunk_id
      where c.lesson_id = ${q.lessonId} and w.class_id = ${q.classId} and w.school_id = ${q.schoolId}
      group by w.chunk_id
    )
    select c.id as chunk_id, c.index, c.title, coalesce(vd.duration, 0)::int as duration,
      coalesce(vi.students, 0) as students_visited, coalesce(vi.total, 0) as total_visits,
      coalesce(wa.played, 0) as students_played, wa.average_seconds, coalesce(wa.watched, 0) as students_watched
    from chunks c
    left join videos vd on vd.id = c.video_id
    left join visits vi on vi.chunk_id = c.id
    left join watches wa on wa.chunk_id = c.id
    where c.lesson_id = ${q.lessonId}
    order by c.index`);
  return rows;
}

/** Each roster student with whether they opened the lesson, their self-rating, and whether their notes have text. */
export async function lessonRoster(db: Executor, q: ClassScope & { lessonId: number }) {
  const { rows } = await db.execute<{
    profile_id: number;
    first_name: string;
    last_name: string;
    started: boolean;
    rating: number | null;
    has_notes: boolean;
  }>(sql`
    with roster as (${rosterWithNames(q)})
    select r.profile_id, r.first_name, r.last_name,
      exists (select 1 from chunk_visits v join chunks c on c.id = v.chunk_id
              where c.lesson_id = ${q.lessonId} and v.class_id = ${q.classId} and v.school_id = ${q.schoolId}
                and v.profile_id = r.profile_id) as started,
      sr.rating,
      coalesce(n.html <> '', false) as has_notes
    from roster r
    left join lesson_self_ratings sr
      on sr.lesson_id = ${q.lessonId} and sr.profile_id = r.profile_id and sr.school_id = ${q.schoolId}
    left join lesson_notes n on n.lesson_id = ${q.lessonId} and n.profile_id = r.profile_id and n.class_id = ${q.classId}
      and n.school_id = ${q.schoolId}
    order by lower(r.last_name), lower(r.first_name), r.profile_id`);
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Exams

/** Each roster student's last submitted sitting of the exam in the class. */
function latestSubmittedSittings(q: ClassScope & { examId: number }): SQL {
  return sql`select distinct on (s.profile_id) s.id, s.profile_id
    from exam_sittings s
    join enrolments e on e.class_id = s.class_id and e.profile_id = s.profile_id and e.school_id = s.school_id
      and e.access_status >= 25
    where s.exam_id = ${q.examId} and s.class_id = ${q.classId} and s.school_id = ${q.schoolId}
      and s.status = 'submitted'
    order by s.profile_id, s.submitted_at desc, s.id desc`;
}

export type ExamRosterRow = {
  profile_id: number;
  first_name: string;
  last_name: string;
  sitting_id: number | null;
  marks_awarded: string | null;
  needs_marking: number;
  has_open: boolean;
};

/**
 * Each roster student with their last submitted sitting of the exam (its marks so far and answers waiting for a
 * teacher) and whether they have a sitting open. One query.
 */
export async function examRoster(db: Executor, q: ClassScope & { examId: number }): Promise<ExamRosterRow[]> {
  const { rows } = await db.execute<ExamRosterRow>(sql`
    with roster as (${rosterWithNames(q)}),
    latest as (${latestSubmittedSittings(q)}),
    totals as (
      select a.sitting_id, coalesce(sum(a.marks_awarded), 0) as marks_awarded,
        count(*) filter (where a.mark_status = 'needs_marking')::int as needs_marking
      from exam_answers a join latest l on l.id = a.sitting_id
      where a.school_id = ${q.schoolId}
      group by a.sitting_id
    )
    select r.profile_id, r.first_name, r.last_name, l.id as sitting_id,
      case when l.id is null then null else coalesce(t.marks_awarded, 0) end as marks_awarded,
      coalesce(t.needs_marking, 0) as needs_marking,
      exists (select 1 from exam_sittings o
              where o.exam_id = ${q.examId} and o.class_id = ${q.classId} and o.school_id = ${q.schoolId}
                and o.profile_id = r.profile_id and o.status = 'open') as has_open
    from roster r
    left join latest l on l.profile_id = r.profile_id
    left join totals t on t.sitting_id = l.id
    order by lower(r.last_name), lower(r.first_name), r.profile_id`);
  return rows;
}

export type QuestionAggregateRow = {
  question_id: number;
  section_title: string;
  marks: string;
  prompt: string;
  definition: ExamQuestionDefinition;
  submitted: number;
  marked: number;
  needs_marking: number;
  marks_sum: string;
};

/**
 * The exam's questions in reading order, each with its answers in the roster's last submitted sittings: how many,
 * how many marked and waiting, and the marks awarded. One grouped query.
 */
export async function questionAggregates(
  db: Executor,
  q: ClassScope & { examId: number },
): Promise<QuestionAggregateRow[]> {
  const { rows } = await db.execute<QuestionAggregateRow>(sql`
    with latest as (${latestSubmittedSittings(q)})
    select eq.id as question_id, sec.title as section_title, eq.marks, eq.prompt, eq.definition,
      count(a.id)::int as submitted,
      count(a.id) filter (where a.marks_awarded is not null and a.mark_status is distinct from 'needs_marking')::int
        as marked,
      count(a.id) filter (where a.mark_status = 'needs_marking')::int as needs_marking,
      coalesce(sum(a.marks_awarded) filter (where a.mark_status is distinct from 'needs_marking'), 0) as marks_sum
    from exam_questions eq
    join exam_sections sec on sec.id = eq.section_id
    left join exam_answers a on a.question_id = eq.id and a.school_id = ${q.schoolId}
      and a.sitting_id in (select id from latest)
    where eq.exam_id = ${q.examId}
    group by eq.id, sec.id
    order by sec.position, sec.id, eq.position, eq.id`);
  return rows;
}

/**
 * Answers in the roster's last submitted sittings that were marked wrong or part right and hold an answer, for the
 * listed questions, in the order they were given. One query.
 */
export async function wrongAnswers(db: Executor, q: ClassScope & { examId: number; questionIds: number[] }) {
  if (!q.questionIds.length) return [];
  const { rows } = await db.execute<{ question_id: number; answer: ExamAnswer }>(sql`
    with latest as (${latestSubmittedSittings(q)})
    select a.question_id, a.answer
    from exam_answers a join latest l on l.id = a.sitting_id
    where a.school_id = ${q.schoolId} and a.answer is not null
      and a.mark_status in ('incorrect', 'partially_correct')
      and a.question_id in (${sql.join(
        q.questionIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    order by a.id`);
  return rows;
}

/** Each roster student's answer to one question in their last submitted sitting (null sitting: none submitted). */
export async function questionAnswers(db: Executor, q: ClassScope & { examId: number; questionId: number }) {
  const { rows } = await db.execute<{
    profile_id: number;
    first_name: string;
    last_name: string;
    sitting_id: number | null;
    answer: ExamAnswer | null;
    mark_status: MarkStatus | null;
    marks_awarded: string | null;
  }>(sql`
    with roster as (${rosterWithNames(q)}),
    latest as (${latestSubmittedSittings(q)})
    select r.profile_id, r.first_name, r.last_name, l.id as sitting_id, a.answer, a.mark_status, a.marks_awarded
    from roster r
    left join latest l on l.profile_id = r.profile_id
    left join exam_answers a on a.sitting_id = l.id and a.question_id = ${q.questionId} and a.school_id = ${q.schoolId}
    order by lower(r.last_name), lower(r.first_name), r.profile_id`);
  return rows;
}

/** The exam's question ids in reading order (for a question's number and its neighbours). */
export async function questionOrder(db: Executor, examId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select eq.id from exam_questions eq join exam_sections sec on sec.id = eq.section_id
    where eq.exam_id = ${examId}
    order by sec.position, sec.id, eq.position, eq.id`);
  return rows.map((r) => r.id);
}

/** One question of the exam with its stored fields, or null. */
export async function findQuestion(db: Executor, examId: number, questionId: number) {
  const { rows } = await db.execute<{
    id: number;
    marks: string;
    prompt: string;
    worked_solution: string;
    definition: ExamQuestionDefinition;
  }>(sql`
    select id, marks, prompt, worked_solution, definition from exam_questions
    where id = ${questionId} and exam_id = ${examId}`);
  return rows[0] ?? null;
}
