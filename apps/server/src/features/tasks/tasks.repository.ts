import type { ExamAnswer, MarkStatus } from '@banksia/contracts/exams';
import type { TaskItemKind } from '@banksia/contracts/tasks';
import { sql, type SQL } from 'drizzle-orm';
import type { ExamQuestionDefinition } from '../../db/schema/exams';
import { lessonsInPublishedSections } from '../../db/sql/course-tree';
import type { Executor } from '../../platform/db';

/** A Postgres int[] parameter (ids are integers, so the literal is safe). */
function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
}

/** Profiles on a class's roster (access status LOCKED or above). */
function rosterOf(classId: number, schoolId: number): SQL {
  return sql`select e.profile_id from enrolments e
             where e.class_id = ${classId} and e.school_id = ${schoolId} and e.access_status >= 25`;
}

/**
 * Whether a block response (jsonb `v`) holds an answer; the SQL twin of contracts' `blockAnswered` (keep the two
 * together): words placed or typed, rich text with text, a drawing, a file, or a piece dropped on the image.
 */
function blockAnsweredSql(v: SQL): SQL {
  return sql`(
    (jsonb_typeof(${v}->'response_values') = 'array'
      and jsonb_path_exists(${v}->'response_values', 'strict $.** ? (@.type() == "string" && @ like_regex "[^[:space:]]")'))
    or coalesce(regexp_replace(${v}->>'student_response', '<[^>]*>', '', 'g'), '') ~ '[^[:space:]]'
    or coalesce(${v}->'submitted_drawing_json', 'null'::jsonb) <> 'null'::jsonb
    or coalesce(${v}->>'file_key', '') <> ''
    or (jsonb_typeof(${v}->'draggable_to_containing_dropzone_map') = 'object'
      and ${v}->'draggable_to_containing_dropzone_map' <> '{}'::jsonb)
  )`;
}

export interface TaskRow {
  id: number;
  school_id: number;
  class_id: number;
  class_title: string;
  course_id: number;
  title: string;
  instructions: string;
  due_at: Date;
  created_at: Date;
  roster: number;
  /** The school's IANA time zone. */
  time_zone: string;
}

/** A task's columns, over `t` (tasks), `c` (its class) and `s` (its school). */
const taskColumns = sql`t.id, t.school_id, t.class_id, c.title as class_title, c.course_id, t.title, t.instructions,
  t.due_at, t.created_at, s.time_zone,
  (select count(*)::int from enrolments e
   where e.class_id = t.class_id and e.school_id = t.school_id and e.access_status >= 25) as roster`;

function toTask(row: Record<string, unknown>): TaskRow {
  return {
    ...(row as unknown as TaskRow),
    due_at: new Date(row.due_at as string),
    created_at: new Date(row.created_at as string),
  };
}

export async function findTask(db: Executor, taskId: number): Promise<TaskRow | null> {
  const { rows } = await db.execute(sql`
    select ${taskColumns} from tasks t join school_classes c on c.id = t.class_id and c.school_id = t.school_id
      join schools s on s.id = t.school_id
    where t.id = ${taskId}`);
  return rows[0] ? toTask(rows[0]) : null;
}

/**
 * Tasks a user sees: of classes they teach (teacher) and of classes they are on the roster of (student), or of one
 * class when `classId` is given (the caller has checked the actor's standing in it). Newest due first.
 */
export async function tasksForUser(
  db: Executor,
  q: { userId: number; classId?: number | undefined },
): Promise<(TaskRow & { as_teacher: boolean; student_profile_id: number | null })[]> {
  const { rows } = await db.execute(sql`
    select ${taskColumns},
      exists(select 1 from class_teachers ct join profiles p on p.id = ct.profile_id
             where ct.class_id = t.class_id and ct.school_id = t.school_id and p.user_id = ${q.userId}) as as_teacher,
      (select e.profile_id from enrolments e join profiles p on p.id = e.profile_id
       where e.class_id = t.class_id and e.school_id = t.school_id and p.user_id = ${q.userId}
         and e.access_status >= 25 order by e.profile_id limit 1) as student_profile_id
    from tasks t join school_classes c on c.id = t.class_id and c.school_id = t.school_id
      join schools s on s.id = t.school_id
    where ${
      q.classId !== undefined
        ? sql`t.class_id = ${q.classId}`
        : sql`(t.class_id in (select ct.class_id from class_teachers ct join profiles p on p.id = ct.profile_id
                              where p.user_id = ${q.userId} and ct.school_id = p.school_id)
           or t.class_id in (select e.class_id from enrolments e join profiles p on p.id = e.profile_id
                             where p.user_id = ${q.userId} and e.school_id = p.school_id and e.access_status >= 25))`
    }
    order by t.due_at desc, t.id desc`);
  return rows.map((row) => ({
    ...toTask(row),
    as_teacher: row.as_teacher as boolean,
    student_profile_id: (row.student_profile_id as number | null) ?? null,
  }));
}

export type ItemRow = {
  id: number;
  task_id: number;
  kind: TaskItemKind;
  position: number;
  lesson_id: number | null;
  exam_id: number | null;
  activity_id: number | null;
  title: string;
  activity_lesson_id: number | null;
  exam_kind: 'exam' | 'question_set' | 'reflective_question_set' | null;
  chunk_count: number | null;
};

/** The items of some tasks with their targets' titles, in task order. */
export async function itemsOf(db: Executor, taskIds: readonly number[]): Promise<ItemRow[]> {
  if (!taskIds.length) return [];
  const { rows } = await db.execute<ItemRow>(sql`
    select ti.id, ti.task_id, ti.kind, ti.position, ti.lesson_id, ti.exam_id, ti.activity_id,
      coalesce(l.title, ex.title, a.title, '') as title,
      a.lesson_id as activity_lesson_id, ex.kind as exam_kind,
      case when ti.kind = 'lesson' then (select count(*)::int from chunks ch where ch.lesson_id = ti.lesson_id) end
        as chunk_count
    from task_items ti
    join tasks t on t.id = ti.task_id and t.school_id = ti.school_id
    left join lessons l on l.id = ti.lesson_id
    left join exams ex on ex.id = ti.exam_id
    left join activities a on a.id = ti.activity_id
    where ti.task_id = any(${intArray(taskIds)})
    order by ti.task_id, ti.position, ti.id`);
  return rows;
}

export type CompletionRow = {
  item_id: number;
  task_id: number;
  profile_id: number;
  done: boolean;
  /** Opened a part, started a sitting or opened the activity. */
  started: boolean;
  /** Lessons: distinct parts visited in the class. */
  chunks_visited: number | null;
};

/**
 * THE COMPLETION RULES (contracts/tasks.ts), for every (item, roster student) pair of some tasks in one query:
 * - lesson: every chunk of the lesson visited in the task's class (chunk_visits);
 * - exam / question set / reflective set: a submitted sitting in the class (exam_sittings.status = 'submitted');
 * - activity: a response in the class with at least one block answered (activity_responses).
 * Only students on the class's roster (access status LOCKED or above) count; `profileId` narrows to one student.
 */
export async function completionRows(
  db: Executor,
  q: { taskIds: readonly number[]; profileId?: number | undefined },
): Promise<CompletionRow[]> {
  if (!q.taskIds.length) return [];
  const { rows } = await db.execute<CompletionRow>(sql`
    with pairs as (
      select ti.id as item_id, ti.task_id, ti.kind, ti.lesson_id, ti.exam_id, ti.activity_id,
             t.class_id, t.school_id, e.profile_id
      from task_items ti
      join tasks t on t.id = ti.task_id and t.school_id = ti.school_id
      join enrolments e on e.class_id = t.class_id and e.school_id = t.school_id and e.access_status >= 25
      where ti.task_id = any(${intArray(q.taskIds)})
        ${q.profileId !== undefined ? sql`and e.profile_id = ${q.profileId}` : sql``}
    ),
    measured as (
      select p.*,
        case when p.kind = 'lesson' then
          (select count(*)::int from chunk_visits v join chunks ch on ch.id = v.chunk_id
           where ch.lesson_id = p.lesson_id and v.class_id = p.class_id and v.profile_id = p.profile_id
             and v.school_id = p.school_id)
        end as chunks_visited,
        case when p.kind = 'activity' then
          (select ar.block_responses from activity_responses ar
           where ar.activity_id = p.activity_id and ar.class_id = p.class_id and ar.profile_id = p.profile_id
             and ar.school_id = p.school_id)
        end as block_responses,
        case when p.kind in ('exam', 'question_set') then
          (select array_agg(distinct s.status) from exam_sittings s
           where s.exam_id = p.exam_id and s.class_id = p.class_id and s.profile_id = p.profile_id
             and s.school_id = p.school_id)
        end as sitting_statuses
      from pairs p
    )
    select m.item_id, m.task_id, m.profile_id, m.chunks_visited,
      case m.kind
        when 'lesson' then m.chunks_visited >= (select count(*) from chunks ch where ch.lesson_id = m.lesson_id)
        when 'activity' then coalesce(
          (select bool_or(${blockAnsweredSql(sql`b.value`)}) from jsonb_each(m.block_responses) b), false)
        else coalesce('submitted' = any(m.sitting_statuses), false)
      end as done,
      case m.kind
        when 'lesson' then m.chunks_visited > 0
        when 'activity' then m.block_responses is not null
        else m.sitting_statuses is not null
      end as started
    from measured m
    order by m.item_id, m.profile_id`);
  return rows;
}

export type RosterStudent = {
  profile_id: number;
  first_name: string;
  last_name: string;
};

/** Students on a class's roster with their names, by last name then first name. */
export async function rosterStudents(db: Executor, classId: number, schoolId: number): Promise<RosterStudent[]> {
  const { rows } = await db.execute<RosterStudent>(sql`
    select e.profile_id, u.first_name, u.last_name
    from enrolments e join profiles p on p.id = e.profile_id join users u on u.id = p.user_id
    where e.class_id = ${classId} and e.school_id = ${schoolId} and e.access_status >= 25
    order by u.last_name, u.first_name, e.profile_id`);
  return rows;
}

export interface OptionRows {
  lessons: { id: number; title: string }[];
  exams: { id: number; title: string; kind: 'exam' | 'question_set' | 'reflective_question_set' }[];
  activities: { id: number; title: string; lesson_id: number | null }[];
}

/**
 * What a teacher may put in a task for a class on a course: lessons students can open (published, under published
 * topics, not coming soon, with parts), published exams (kind exam: submittable too), question sets and reflective
 * sets, and the course's activities (on the course, or in one of its lessons). In course order where placed.
 */
export async function taskOptions(db: Executor, courseId: number): Promise<OptionRows> {
  const [lessons, exams, activities] = await Promise.all([
    db.execute<{ id: number; title: string }>(sql`
      select l.id, l.title from lessons l
      left join course_tree_nodes n on n.course_id = l.course_id and n.node_type = 'lesson' and n.value_id = l.id
      where l.course_id = ${courseId} and l.is_published and not l.is_coming_soon
        and l.id in ${lessonsInPublishedSections(courseId)}
        and exists (select 1 from chunks ch where ch.lesson_id = l.id)
      order by n.parent_id nulls last, n.position, l.id`),
    db.execute<{ id: number; title: string; kind: 'exam' | 'question_set' | 'reflective_question_set' }>(sql`
      select ex.id, ex.title, ex.kind from exams ex
      where ex.course_id = ${courseId} and ex.is_published and (ex.kind <> 'exam' or ex.is_submittable)
      order by ex.title, ex.id`),
    db.execute<{ id: number; title: string; lesson_id: number | null }>(sql`
      select a.id, a.title, a.lesson_id from activities a
      left join lessons l on l.id = a.lesson_id
      where a.course_id = ${courseId} or l.course_id = ${courseId}
      order by a.title, a.id`),
  ]);
  return { lessons: lessons.rows, exams: exams.rows, activities: activities.rows };
}

export interface NewItem {
  kind: TaskItemKind;
  lessonId: number | null;
  examId: number | null;
  activityId: number | null;
}

export async function insertTask(
  db: Executor,
  v: {
    schoolId: number;
    classId: number;
    title: string;
    instructions: string;
    dueAt: Date;
    createdBy: number;
    now: Date;
  },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into tasks (school_id, class_id, title, instructions, due_at, created_by, created_at, updated_at)
    values (${v.schoolId}, ${v.classId}, ${v.title}, ${v.instructions}, ${v.dueAt.toISOString()}, ${v.createdBy},
            ${v.now.toISOString()}, ${v.now.toISOString()})
    returning id`);
  return rows[0]!.id;
}

export async function updateTask(
  db: Executor,
  taskId: number,
  schoolId: number,
  v: { title?: string | undefined; instructions?: string | undefined; dueAt?: Date | undefined; now: Date },
): Promise<void> {
  await db.execute(sql`
    update tasks set
      title = coalesce(${v.title ?? null}::text, title),
      instructions = coalesce(${v.instructions ?? null}::text, instructions),
      due_at = coalesce(${v.dueAt?.toISOString() ?? null}::timestamptz, due_at),
      updated_at = ${v.now.toISOString()}
    where id = ${taskId} and school_id = ${schoolId}`);
}

/** Replaces a task's items, keeping the ids of items whose target is unchanged (their links stay valid). */
export async function replaceItems(db: Executor, taskId: number, schoolId: number, items: NewItem[]): Promise<void> {
  const { rows: existing } = await db.execute<{
    id: number;
    kind: TaskItemKind;
    lesson_id: number | null;
    exam_id: number | null;
    activity_id: number | null;
  }>(sql`select id, kind, lesson_id, exam_id, activity_id from task_items
         where task_id = ${taskId} and school_id = ${schoolId} for update`);
  const keyOf = (i: { kind: string; lesson_id: number | null; exam_id: number | null; activity_id: number | null }) =>
    `${i.kind}:${i.lesson_id}:${i.exam_id}:${i.activity_id}`;
  const byKey = new Map(existing.map((row) => [keyOf(row), row.id]));
  const kept = new Set<number>();
  for (const [position, item] of items.entries()) {
    const key = keyOf({
      kind: item.kind,
      lesson_id: item.lessonId,
      exam_id: item.examId,
      activity_id: item.activityId,
    });
    const id = byKey.get(key);
    if (id !== undefined && !kept.has(id)) {
      kept.add(id);
      await db.execute(sql`update task_items set position = ${position} where id = ${id}`);
    } else {
      await insertItems(db, taskId, schoolId, [{ ...item }], position);
    }
  }
  const gone = existing.map((row) => row.id).filter((id) => !kept.has(id));
  if (gone.length) await db.execute(sql`delete from task_items where id = any(${intArray(gone)})`);
}

export async function insertItems(
  db: Executor,
  taskId: number,
  schoolId: number,
  items: NewItem[],
  firstPosition = 0,
): Promise<void> {
  if (!items.length) return;
  const values = items.map(
    (item, i) =>
      sql`(${schoolId}, ${taskId}, ${item.kind}, ${item.lessonId}, ${item.examId}, ${item.activityId}, ${firstPosition + i})`,
  );
  await db.execute(sql`
    insert into task_items (school_id, task_id, kind, lesson_id, exam_id, activity_id, position)
    values ${sql.join(values, sql`, `)}`);
}

export async function deleteTask(db: Executor, taskId: number, schoolId: number): Promise<void> {
  await db.execute(sql`delete from tasks where id = ${taskId} and school_id = ${schoolId}`);
}

/** Each roster student's latest submitted sitting of some exams in a class. */
function latestSubmitted(classId: number, schoolId: number, examIds: readonly number[]): SQL {
  return sql`select distinct on (s.exam_id, s.profile_id) s.id, s.exam_id, s.profile_id, s.submitted_at
    from exam_sittings s
    join (${rosterOf(classId, schoolId)}) r on r.profile_id = s.profile_id
    where s.class_id = ${classId} and s.school_id = ${schoolId} and s.status = 'submitted'
      and s.exam_id = any(${intArray(examIds)})
    order by s.exam_id, s.profile_id, s.submitted_at desc nulls last, s.id desc`;
}

/** Per exam: roster students who submitted, and their mean percentage of the exam's marks (latest sitting each). */
export async function examAverages(db: Executor, q: { classId: number; schoolId: number; examIds: readonly number[] }) {
  if (!q.examIds.length) return [];
  const { rows } = await db.execute<{ exam_id: number; submitted: number; average_percent: number | null }>(sql`
    with latest as (${latestSubmitted(q.classId, q.schoolId, q.examIds)}),
    scores as (
      select l.exam_id, l.id,
        (select coalesce(sum(a.marks_awarded), 0) from exam_answers a where a.sitting_id = l.id) as awarded
      from latest l
    )
    select sc.exam_id, count(*)::int as submitted,
      (avg(sc.awarded / nullif(ex.marks_total, 0)) * 100)::float8 as average_percent
    from scores sc join exams ex on ex.id = sc.exam_id
    group by sc.exam_id`);
  return rows;
}

/**
 * Every question of some exams with the class's answers counted and its facility: the mean share of the marks
 * awarded over marked answers (latest submitted sitting of each roster student). Numbered by section, then position.
 */
export async function questionFacilities(
  db: Executor,
  q: { classId: number; schoolId: number; examIds: readonly number[] },
) {
  if (!q.examIds.length) return [];
  const { rows } = await db.execute<{
    question_id: number;
    exam_id: number;
    number: number;
    prompt: string;
    marks: number;
    answered: number;
    facility_percent: number | null;
  }>(sql`
    with latest as (${latestSubmitted(q.classId, q.schoolId, q.examIds)}),
    numbered as (
      select qu.id, qu.exam_id, qu.prompt, qu.marks,
        row_number() over (partition by qu.exam_id order by sec.position, sec.id, qu.position, qu.id)::int as number
      from exam_questions qu join exam_sections sec on sec.id = qu.section_id
      where qu.exam_id = any(${intArray(q.examIds)})
    )
    select n.id as question_id, n.exam_id, n.number, n.prompt, n.marks::float8 as marks,
      count(a.id) filter (where a.answer is not null)::int as answered,
      (avg(a.marks_awarded / n.marks)
        filter (where a.mark_status in ('correct', 'incorrect', 'partially_correct', 'unanswered')) * 100)::float8
        as facility_percent
    from numbered n
    left join latest l on l.exam_id = n.exam_id
    left join exam_answers a on a.sitting_id = l.id and a.question_id = n.id
    group by n.id, n.exam_id, n.number, n.prompt, n.marks
    order by n.exam_id, n.number`);
  return rows;
}

export type QuestionAnswerRow = {
  profile_id: number;
  first_name: string;
  last_name: string;
  submitted: boolean;
  answer: ExamAnswer | null;
  mark_status: MarkStatus | null;
  marks_awarded: number | null;
};

/** A question of an exam with its definition. */
export async function findQuestion(db: Executor, questionId: number) {
  const { rows } = await db.execute<{
    id: number;
    exam_id: number;
    exam_title: string;
    exam_kind: 'exam' | 'question_set' | 'reflective_question_set';
    prompt: string;
    marks: number;
    definition: ExamQuestionDefinition;
  }>(sql`
    select qu.id, qu.exam_id, ex.title as exam_title, ex.kind as exam_kind, qu.prompt, qu.marks::float8 as marks,
      qu.definition
    from exam_questions qu join exams ex on ex.id = qu.exam_id where qu.id = ${questionId}`);
  return rows[0] ?? null;
}

/** Each roster student with their answer to a question in their latest submitted sitting (none: submitted false). */
export async function questionAnswers(
  db: Executor,
  q: { classId: number; schoolId: number; examId: number; questionId: number },
): Promise<QuestionAnswerRow[]> {
  const { rows } = await db.execute<QuestionAnswerRow>(sql`
    with latest as (${latestSubmitted(q.classId, q.schoolId, [q.examId])})
    select e.profile_id, u.first_name, u.last_name, l.id is not null as submitted, a.answer, a.mark_status,
      a.marks_awarded::float8 as marks_awarded
    from enrolments e join profiles p on p.id = e.profile_id join users u on u.id = p.user_id
    left join latest l on l.profile_id = e.profile_id
    left join exam_answers a on a.sitting_id = l.id and a.question_id = ${q.questionId}
    where e.class_id = ${q.classId} and e.school_id = ${q.schoolId} and e.access_status >= 25
    order by u.last_name, u.first_name, e.profile_id`);
  return rows;
}
