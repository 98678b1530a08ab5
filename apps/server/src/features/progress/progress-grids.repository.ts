import { sql, type SQL } from 'drizzle-orm';
import { executeCancellable, type QueryLimits } from '../../platform/cancellable-query';
import type { Executor } from '../../platform/db';

// Each grid's data comes from ONE query: the grid's items LEFT JOIN the roster ON true (students × items, kept even
// when one side is empty: `(select 1) left join items on true left join roster on true` yields the columns with no
// students, or the students with no columns), LEFT JOIN the facts, aggregated in SQL. Rows come out in roster order
// (last name, first name, profile id) and, within a student, in item order. Every fact is scoped by class and school.

export type ClassScope = {
  classId: number;
  schoolId: number;
  courseId: number;
};

/** The class's roster (access status LOCKED or above) with names, optionally one profile only. */
function rosterCte(q: ClassScope, profileId?: number): SQL {
  return sql`roster as (
    select p.id as profile_id, u.first_name, u.last_name
    from enrolments e
    join profiles p on p.id = e.profile_id and p.school_id = e.school_id
    join users u on u.id = p.user_id
    where e.class_id = ${q.classId} and e.school_id = ${q.schoolId} and e.access_status >= 25
      ${profileId === undefined ? sql`` : sql`and p.id = ${profileId}`}
  )`;
}

const rosterOrder = sql`lower(r.last_name), lower(r.first_name), r.profile_id`;

// ---------------------------------------------------------------------------------------------------------------
// Context look-ups (not grid data): what the grid is about, checked against the class's course.

export type ExamRef = {
  id: number;
  title: string;
  kind: 'exam' | 'question_set' | 'reflective_question_set';
  is_published: boolean;
  is_submittable: boolean;
  in_topic: boolean;
};

/**
 * An exam of the course, and (when `topicNodeId` is given) whether it sits under that topic in the course tree; null
 * when the course has no such exam.
 */
export async function findExam(
  db: Executor,
  courseId: number,
  examId: number,
  topicNodeId: number | null = null,
): Promise<ExamRef | null> {
  const inTopic =
    topicNodeId === null
      ? sql`false`
      : sql`exists (
          with recursive below(id) as (
            select n.id from course_tree_nodes n where n.id = ${topicNodeId}
            union all
            select n.id from course_tree_nodes n join below b on n.parent_id = b.id
          )
          select 1 from course_tree_nodes n join below b on b.id = n.id
          where n.node_type = 'exam' and n.value_id = x.id and n.course_id = ${courseId}
        )`;
  const { rows } = await db.execute<ExamRef>(sql`
    select x.id, x.title, x.kind, x.is_published, x.is_submittable, ${inTopic} as in_topic
    from exams x where x.id = ${examId} and x.course_id = ${courseId}`);
  return rows[0] ?? null;
}

export type TopicRef = {
  id: number;
  title: string;
  is_published: boolean;
  node_id: number;
};

/** A topic (a section at depth 1 of the course tree) of the course, or null. */
export async function findTopic(db: Executor, courseId: number, topicId: number): Promise<TopicRef | null> {
  const { rows } = await db.execute<TopicRef>(sql`
    select s.id, s.title, s.is_published, n.id as node_id
    from sections s
    join course_tree_nodes n on n.node_type = 'section' and n.value_id = s.id and n.course_id = s.course_id
    join course_tree_nodes p on p.id = n.parent_id and p.node_type = 'course'
    where s.id = ${topicId} and s.course_id = ${courseId}`);
  return rows[0] ?? null;
}

export type LessonRef = {
  id: number;
  title: string;
  is_published: boolean;
};

export async function findLesson(db: Executor, courseId: number, lessonId: number): Promise<LessonRef | null> {
  const { rows } = await db.execute<LessonRef>(sql`
    select l.id, l.title, l.is_published from lessons l where l.id = ${lessonId} and l.course_id = ${courseId}`);
  return rows[0] ?? null;
}

export type RosterStudent = {
  profile_id: number;
  first_name: string;
  last_name: string;
};

/**
 * A student on the class's roster, with their name and the ids of the whole roster (so a pseudonym is the one the
 * class's grids give them); null when the profile is not on it.
 */
export async function findRosterStudent(
  db: Executor,
  q: ClassScope,
  profileId: number,
): Promise<(RosterStudent & { roster_ids: number[] }) | null> {
  const { rows } = await db.execute<RosterStudent & { roster_ids: number[] }>(sql`
    with ${rosterCte(q)}
    select r.profile_id, r.first_name, r.last_name,
      (select array_agg(profile_id order by profile_id) from roster) as roster_ids
    from roster r where r.profile_id = ${profileId}`);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Exam-like grids: students × questions of one exam, question set or reflective set (or one of its questions).

export type ExamGridRow = {
  question_id: number | null;
  question_no: number | null;
  question_marks: number | null;
  question_type: string | null;
  profile_id: number | null;
  first_name: string | null;
  last_name: string | null;
  /** The student's current sitting (an open one first, else the latest): null when never started. */
  sitting_status: 'open' | 'submitted' | null;
  mark_status: string | null;
  marks_awarded: number | null;
  /** The student's marks over the whole sitting and whether any answer still waits for a teacher. */
  sitting_marks: number | null;
  sitting_awaiting: boolean | null;
  answer: unknown;
  /** Multiple-choice options (id, text) when answers are asked for. */
  question_options: { id: string; text: string }[] | null;
};

/**
 * Students × questions of an exam in a class, with each student's current sitting (open first, else the latest, as
 * the marking page picks it), every answer's mark and, per student, the sitting's total and whether it awaits marking.
 * `questionId` narrows the columns to one question (numbers stay those of the whole exam); `withAnswers` adds
 * the answers themselves.
 */
export async function examGrid(
  db: Executor,
  q: ClassScope & { examId: number; questionId?: number; withAnswers?: boolean },
  limits: QueryLimits = {},
): Promise<ExamGridRow[]> {
  const { rows } = await executeCancellable<ExamGridRow>(
    db,
    sql`
    with ${rosterCte(q)},
    all_questions as (
      select qu.id, qu.marks::float8 as marks, qu.definition->>'type' as type, qu.definition->'options' as options,
        row_number() over (order by s.position, s.id, qu.position, qu.id)::int as question_no
      from exam_questions qu join exam_sections s on s.id = qu.section_id
      join exams x on x.id = qu.exam_id and x.course_id = ${q.courseId}
      where qu.exam_id = ${q.examId}
    ),
    items as (
      select * from all_questions ${q.questionId === undefined ? sql`` : sql`where id = ${q.questionId}`}
    ),
    sittings as (
      select distinct on (s.profile_id) s.id, s.profile_id, s.status
      from exam_sittings s join roster r on r.profile_id = s.profile_id
      where s.exam_id = ${q.examId} and s.class_id = ${q.classId} and s.school_id = ${q.schoolId}
      order by s.profile_id, s.status = 'open' desc, s.started_at desc, s.id desc
    ),
    sitting_totals as (
      select st.id as sitting_id, sum(a.marks_awarded)::float8 as marks,
        coalesce(bool_or(a.mark_status = 'needs_marking'), false) as awaiting
      from sittings st left join exam_answers a on a.sitting_id = st.id and a.school_id = ${q.schoolId}
      group by st.id
    )
    select i.id as question_id, i.question_no, i.marks as question_marks, i.type as question_type,
      r.profile_id, r.first_name, r.last_name,
      st.status as sitting_status, a.mark_status, a.marks_awarded::float8 as marks_awarded,
      tot.marks as sitting_marks, tot.awaiting as sitting_awaiting,
      ${q.withAnswers ? sql`a.answer` : sql`null::jsonb`} as answer,
      ${q.withAnswers ? sql`i.options` : sql`null::jsonb`} as question_options
    from (select 1) one
    left join items i on true
    left join roster r on true
    left join sittings st on st.profile_id = r.profile_id
    left join sitting_totals tot on tot.sitting_id = st.id
    left join exam_answers a on a.sitting_id = st.id and a.question_id = i.id and a.school_id = ${q.schoolId}
    order by ${rosterOrder}, i.question_no`,
    limits,
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Item grids: students × the listed lessons and exams under a topic (or the whole course), with their topic.

/** A listed item of an item grid, in course-tree order. */
export type GridItem = {
  kind: 'lesson' | 'exam' | 'question_set';
  id: number;
  title: string;
  topic_id: number | null;
  topic_title: string | null;
  /** Chunks of a lesson; marks available in an exam. */
  total: number;
};

/**
 * A student's facts for one item, as the query sends them: chunks of a lesson visited (null for exams); whether an
 * exam has a submitted sitting, the latest one's marks and whether it still waits for marking; whether one is open.
 */
export type ItemFacts = [
  chunksVisited: number | null,
  submitted: boolean,
  marks: number | null,
  awaiting: boolean | null,
  inProgress: boolean,
];

export type ItemGridStudent = RosterStudent & { facts: ItemFacts[] };

/** Items once, and each student (roster order) with their facts in item order. */
export type ItemGrid = { items: GridItem[]; students: ItemGridStudent[] };

export type ItemJson = [GridItem['kind'], number, string, number | null, string | null, number];

/** Sparse facts: only the (item, student) pairs that have any. */
export type ItemGridFacts = {
  visits: [lessonId: number, profileId: number, chunksVisited: number][];
  scores: [examId: number, profileId: number, marks: number, awaiting: boolean][];
  open: [examId: number, profileId: number][];
};

/**
 * What the item grid query sends: the items, the roster, the version of the class's rollup cells (a counter that
 * moves with any change to them) and, unless that version is the one the caller already holds, the
 * facts themselves (null then).
 */
export type ItemGridData = {
  /** Null when the caller holds the items of `items_version` (knownItemsVersion). */
  items: ItemJson[] | null;
  items_version: string;
  students: [profileId: number, firstName: string, lastName: string][];
  cells_version: string;
  /** Null when the caller holds the facts of `cells_version` (knownCellsVersion). */
  facts: ItemGridFacts | null;
};

type ItemGridQuery = ClassScope & {
  topicId: number | null;
  profileId?: number;
  knownCellsVersion?: string | undefined;
  knownItemsVersion?: string | undefined;
};

/**
 * Students × the listed items under a tree node: published lessons, and published submittable exams and question
 * sets (not reflective sets, which carry no marks), under published sections only, in course-tree order. With
 * `topicId` (a section's id) null the whole course is walked and each item carries its topic (the section at depth 1);
 * `profileId` narrows the roster to one student (the student grid).
 */
export async function itemGrid(
  db: Executor,
  q: ClassScope & { topicId: number | null; profileId?: number },
  limits: QueryLimits = {},
): Promise<ItemGrid> {
  const data = await itemGridData(db, q, limits);
  return layOutItemGrid({ items: data.items!, students: data.students }, data.facts!);
}

/** The item grid's data in one statement (see itemGridQuery); the facts are left out when `knownCellsVersion` holds. */
export async function itemGridData(db: Executor, q: ItemGridQuery, limits: QueryLimits = {}): Promise<ItemGridData> {
  const { rows } = await executeCancellable<ItemGridData>(db, itemGridQuery(q), limits);
  return (
    rows[0] ?? {
      items: [],
      items_version: '',
      students: [],
      cells_version: '',
      facts: { visits: [], scores: [], open: [] },
    }
  );
}

/** Items once, and each student (roster order) with their facts in item order, from the query's sparse data. */
export function layOutItemGrid(
  data: { items: ItemJson[]; students: ItemGridData['students'] },
  facts: ItemGridFacts,
): ItemGrid {
  const items = data.items.map(([kind, id, title, topicId, topicTitle, total]): GridItem => ({
    kind,
    id,
    title,
    topic_id: topicId,
    topic_title: topicTitle,
    total,
  }));
  // The students × items matrix is filled here from the sparse facts: the database sends what exists, not the
  // thousands of empty cells of a large class.
  const lessonColumn = new Map<number, number>();
  const examColumn = new Map<number, number>();
  items.forEach((item, i) => (item.kind === 'lesson' ? lessonColumn : examColumn).set(item.id, i));
  const studentRow = new Map<number, number>();
  const students = data.students.map(([profileId, first, last], s): ItemGridStudent => {
    studentRow.set(profileId, s);
    return {
      profile_id: profileId,
      first_name: first,
      last_name: last,
      facts: items.map((item) => [item.kind === 'lesson' ? 0 : null, false, null, null, false]),
    };
  });
  const cell = (columns: Map<number, number>, itemId: number, profileId: number) => {
    const column = columns.get(itemId);
    const row = studentRow.get(profileId);
    return column === undefined || row === undefined ? undefined : students[row]!.facts[column]!;
  };
  for (const [lessonId, profileId, n] of facts.visits) {
    const found = cell(lessonColumn, lessonId, profileId);
    if (found) found[0] = n;
  }
  for (const [examId, profileId, marks, awaiting] of facts.scores) {
    const found = cell(examColumn, examId, profileId);
    if (found) [found[1], found[2], found[3]] = [true, marks, awaiting];
  }
  for (const [examId, profileId] of facts.open) {
    const found = cell(examColumn, examId, profileId);
    if (found) found[4] = true;
  }
  return { items, students };
}

/**
 * The statement behind `itemGrid` (exported so the benchmark can time the bare query through pg): one row with the
 * items in course-tree order, the roster in name order, and the class's cells of the progress rollup that exist
 * (chunks visited per lesson, the latest submitted sitting's marks per exam, open sittings), each as one JSON array;
 * `itemGrid` lays them out as students × items. Sparse cells keep the work proportional to what students did, not to
 * students × items.
 */
export function itemGridQuery(q: ItemGridQuery): SQL {
  const start =
    q.topicId === null
      ? sql`n.course_id = ${q.courseId} and n.parent_id is null and n.node_type = 'course'`
      : sql`n.node_type = 'section' and n.value_id = ${q.topicId} and n.course_id = ${q.courseId}`;
  const onlyStudent = (column: SQL) => (q.profileId === undefined ? sql`` : sql`and ${column} = ${q.profileId}`);
  return sql`
    with recursive tree(node_id, node_type, value_id, depth, path, topic_id) as (
      select n.id, n.node_type, n.value_id, 0, array[]::int[],
        case when n.node_type = 'section' then n.value_id end
      from course_tree_nodes n where ${start}
      union all
      select c.id, c.node_type, c.value_id, t.depth + 1, t.path || array[c.position, c.id],
        coalesce(t.topic_id, case when c.node_type = 'section' then c.value_id end)
      from course_tree_nodes c
      join tree t on c.parent_id = t.node_id
      left join sections s on c.node_type = 'section' and s.id = c.value_id
      where t.node_type in ('course', 'section') and (c.node_type <> 'section' or s.is_published)
    ),
    lesson_items as (
      select t.path, l.id, l.title, t.topic_id, count(ch.id)::float8 as total
      from tree t
      join lessons l on l.id = t.value_id and l.course_id = ${q.courseId}
      left join chunks ch on ch.lesson_id = l.id
      where t.node_type = 'lesson' and l.is_published
      group by t.path, l.id, l.title, t.topic_id
    ),
    exam_items as (
      select t.path, x.kind, x.id, x.title, t.topic_id, coalesce(sum(qu.marks), 0)::float8 as total
      from tree t
      join exams x on x.id = t.value_id and x.course_id = ${q.courseId}
      left join exam_questions qu on qu.exam_id = x.id
      where t.node_type = 'exam' and x.is_published and x.is_submittable and x.kind in ('exam', 'question_set')
      group by t.path, x.kind, x.id, x.title, t.topic_id
    ),
    ${rosterCte(q, q.profileId)},
    -- The class's cells of the progress rollup (progress-rollup.ts: kept current by every write to the facts) in one
    -- range scan of its (class, profile, item) keys; only cells with facts have a row.
    cells as materialized (
      select r.id, r.lesson_id, r.exam_id, r.profile_id, r.chunks_visited, r.submitted, r.marks::float8 as marks,
        r.awaiting, r.in_progress
      from progress_rollup r
      where r.class_id = ${q.classId} and r.school_id = ${q.schoolId} ${onlyStudent(sql`r.profile_id`)}
    ),
    visits as (
      select c.lesson_id, c.profile_id, c.chunks_visited as n from cells c
      where c.lesson_id in (select id from lesson_items)
    ),
    exam_cells as (
      select c.* from cells c where c.exam_id in (select id from exam_items)
    ),
    -- The version of the class's cells: a counter the rollup's triggers move with every change to its rows
    -- (schema/progress.ts), read in one index lookup. When it is the one the caller holds, the cells are not read.
    cells_version as (
      select coalesce((select v.version::text from progress_rollup_version v where v.class_id = ${q.classId}), '0') as v
    ),
    -- The version of the course's items, moved by triggers on the content tables (schema/progress.ts), with the
    -- course's id (a class may move to another course): when it is the one the caller holds, and so is the cells',
    -- the course tree is not walked at all.
    items_version as (
      select ${q.courseId}::text || ':' ||
        coalesce((select v.version::text from course_items_version v where v.course_id = ${q.courseId}), '0') as v
    )
    select
      (select v from items_version) as items_version,
      case when (select v from items_version) is distinct from ${q.knownItemsVersion ?? null}::text then
      (select coalesce(json_agg(json_build_array(i.kind, i.id, i.title, i.topic_id, sec.title, i.total)
                                order by i.path), '[]'::json)
       from (select path, 'lesson' as kind, id, title, topic_id, total from lesson_items
             union all select path, kind, id, title, topic_id, total from exam_items) i
       left join sections sec on sec.id = i.topic_id) end as items,
      (select coalesce(json_agg(json_build_array(r.profile_id, r.first_name, r.last_name) order by ${rosterOrder}),
                       '[]'::json)
       from roster r) as students,
      (select v from cells_version) as cells_version,
      case when (select v from cells_version) is distinct from ${q.knownCellsVersion ?? null}::text then json_build_object(
        'visits',
        (select coalesce(json_agg(json_build_array(v.lesson_id, v.profile_id, v.n)), '[]'::json) from visits v),
        'scores',
        (select coalesce(json_agg(json_build_array(c.exam_id, c.profile_id, c.marks, c.awaiting)), '[]'::json)
         from exam_cells c where c.submitted),
        'open',
        (select coalesce(json_agg(json_build_array(c.exam_id, c.profile_id)), '[]'::json)
         from exam_cells c where c.in_progress)
      ) end as facts`;
}

// ---------------------------------------------------------------------------------------------------------------
// Lesson grid: students × chunks of a lesson, with each student's self-rating and notes.

export type LessonGridRow = {
  chunk_id: number | null;
  chunk_index: number | null;
  chunk_title: string | null;
  duration: number | null;
  profile_id: number | null;
  first_name: string | null;
  last_name: string | null;
  visited: boolean | null;
  seconds_watched: number | null;
  watched: boolean | null;
  self_rating: number | null;
  has_notes: boolean | null;
};

export async function lessonGrid(
  db: Executor,
  q: ClassScope & { lessonId: number },
  limits: QueryLimits = {},
): Promise<LessonGridRow[]> {
  const { rows } = await executeCancellable<LessonGridRow>(
    db,
    sql`
    with ${rosterCte(q)},
    items as (
      select ch.id, ch.index, ch.title, vd.duration
      from chunks ch join videos vd on vd.id = ch.video_id
      join lessons l on l.id = ch.lesson_id and l.course_id = ${q.courseId}
      where ch.lesson_id = ${q.lessonId}
    )
    select i.id as chunk_id, i.index as chunk_index, i.title as chunk_title, i.duration,
      r.profile_id, r.first_name, r.last_name,
      cv.profile_id is not null as visited, cw.seconds_watched::float8 as seconds_watched, cw.watched,
      sr.rating as self_rating, coalesce(nt.html <> '', false) as has_notes
    from (select 1) one
    left join items i on true
    left join roster r on true
    left join chunk_visits cv
      on cv.chunk_id = i.id and cv.profile_id = r.profile_id and cv.class_id = ${q.classId}
      and cv.school_id = ${q.schoolId}
    left join chunk_watches cw
      on cw.chunk_id = i.id and cw.profile_id = r.profile_id and cw.class_id = ${q.classId}
      and cw.school_id = ${q.schoolId}
    left join lesson_self_ratings sr
      on sr.lesson_id = ${q.lessonId} and sr.profile_id = r.profile_id and sr.school_id = ${q.schoolId}
    left join lesson_notes nt
      on nt.lesson_id = ${q.lessonId} and nt.profile_id = r.profile_id and nt.class_id = ${q.classId}
      and nt.school_id = ${q.schoolId}
    order by ${rosterOrder}, i.index`,
    limits,
  );
  return rows;
}
