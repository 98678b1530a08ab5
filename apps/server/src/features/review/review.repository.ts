import { objectiveQuestionTypes } from '@banksia/contracts/exams';
import { LOW_SELF_RATING_MAX, ReviewRating } from '@banksia/contracts/rules/review';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { examQuestions, reviewCards, reviewLogs } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export type CardRow = typeof reviewCards.$inferSelect;
export type QuestionRow = typeof examQuestions.$inferSelect;

/** The questions a review may hold: those marked automatically (no extended responses or activities). */
const objectiveTypes = sql.join(
  objectiveQuestionTypes.map((type) => sql`${type}`),
  sql`, `,
);

/** A new card's FSRS state (from ts-fsrs createEmptyCard), written as is. */
export interface NewCardState {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
}

/**
 * The time zone of the student's school, whose day their review is (ADR 048): their first student profile's school
 * (a student is at one school; null when they have no student profile).
 */
export async function studentTimeZone(db: Executor, userId: number): Promise<string | null> {
  const { rows } = await db.execute<{ time_zone: string }>(sql`
    select s.time_zone from profiles p join schools s on s.id = p.school_id
    where p.user_id = ${userId} and p.kind = 'student' order by p.id limit 1`);
  return rows[0]?.time_zone ?? null;
}

/** Whose cards to make: one student (all of a user's profiles, perhaps in one class), or a whole class. */
export type SyncScope = { userId: number; classId?: number | undefined } | { classId: number; schoolId: number };

function scopeOf(alias: { classCol: SQL; profileCol: SQL; schoolCol: SQL }, scope: SyncScope): SQL {
  if ('userId' in scope) {
    const own = sql`${alias.profileCol} in (select p.id from profiles p where p.user_id = ${scope.userId})`;
    return scope.classId === undefined ? own : sql`${own} and ${alias.classCol} = ${scope.classId}`;
  }
  return sql`${alias.classCol} = ${scope.classId} and ${alias.schoolCol} = ${scope.schoolId}`;
}

const cardValues = (source: 'wrong' | 'low_rating', c: NewCardState, now: Date) => sql`
  ${source}::text, ${c.due}::timestamptz, ${c.stability}::real, ${c.difficulty}::real, ${c.elapsedDays}::int,
  ${c.scheduledDays}::int, ${c.learningSteps}::int, ${c.reps}::int, ${c.lapses}::int, ${c.state}::smallint,
  null::timestamptz, ${now}::timestamptz`;

const cardColumns = sql`(school_id, class_id, profile_id, question_id, source, due, stability, difficulty,
  elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, created_at)`;

/**
 * Cards for the student's wrong (or partly wrong) answers in submitted sittings of auto-marked questions, on the
 * class's roster. Only answers the student may see the solution of: a teacher's mark, or an exam hiding solutions,
 * counts once the class's results are released. Existing cards are left alone.
 */
export async function syncWrongAnswers(db: Executor, scope: SyncScope, card: NewCardState, now: Date) {
  await db.execute(sql`
    insert into review_cards ${cardColumns}
    select distinct s.school_id, s.class_id, s.profile_id, a.question_id, ${cardValues('wrong', card, now)}
    from exam_answers a
    join exam_sittings s on s.id = a.sitting_id and s.school_id = a.school_id
    join exams x on x.id = s.exam_id
    join exam_questions q on q.id = a.question_id and q.exam_id = x.id
    join school_classes c on c.id = s.class_id and c.school_id = s.school_id and c.course_id = x.course_id
    join enrolments e on e.class_id = s.class_id and e.school_id = s.school_id and e.profile_id = s.profile_id
                     and e.access_status >= 25
    where s.status = 'submitted'
      and a.mark_status in ('incorrect', 'partially_correct')
      and q.definition->>'type' in (${objectiveTypes})
      and x.kind <> 'reflective_question_set' and x.is_published
      and ((a.marked_by is null and not x.hide_solutions_until_release)
           or exists(select 1 from exam_result_releases r where r.class_id = s.class_id and r.exam_id = s.exam_id))
      and ${scopeOf({ classCol: sql`s.class_id`, profileCol: sql`s.profile_id`, schoolCol: sql`s.school_id` }, scope)}
    on conflict do nothing`);
}

/**
 * Cards for every auto-marked question of a lesson's question set when the student rated the lesson low (1 or 2),
 * in each of their classes on the lesson's course. Existing cards are left alone.
 */
export async function syncLowRatings(db: Executor, scope: SyncScope, card: NewCardState, now: Date) {
  await db.execute(sql`
    insert into review_cards ${cardColumns}
    select distinct e.school_id, e.class_id, e.profile_id, q.id, ${cardValues('low_rating', card, now)}
    from lesson_self_ratings r
    join lessons l on l.id = r.lesson_id and l.is_published and l.question_set_id is not null
    join exams x on x.id = l.question_set_id and x.course_id = l.course_id
    join exam_questions q on q.exam_id = x.id
    join enrolments e on e.profile_id = r.profile_id and e.school_id = r.school_id and e.access_status >= 25
    join school_classes c on c.id = e.class_id and c.school_id = e.school_id and c.course_id = l.course_id
    where r.rating <= ${LOW_SELF_RATING_MAX}
      and q.definition->>'type' in (${objectiveTypes})
      and x.kind <> 'reflective_question_set' and x.is_published and not x.hide_solutions_until_release
      and ${scopeOf({ classCol: sql`e.class_id`, profileCol: sql`e.profile_id`, schoolCol: sql`e.school_id` }, scope)}
    on conflict do nothing`);
}

/**
 * The topic of each exam of the given courses: the top-level section (child of the course's root node) above the
 * exam's node, or above the node of a lesson whose question set it is. Exams outside any topic have no row.
 */
function examTopicsCte(courseIds: SQL): SQL {
  return sql`
    exam_nodes as (
      select n.course_id, n.id, n.parent_id, n.value_id as exam_id
      from course_tree_nodes n where n.node_type = 'exam' and n.course_id in (${courseIds})
      union all
      select n.course_id, n.id, n.parent_id, l.question_set_id
      from course_tree_nodes n join lessons l on l.id = n.value_id
      where n.node_type = 'lesson' and l.question_set_id is not null and n.course_id in (${courseIds})
    ),
    up (course_id, exam_id, id, parent_id, node_type, value_id, depth) as (
      select course_id, exam_id, id, parent_id, 'start'::text, 0, 0 from exam_nodes
      union all
      select up.course_id, up.exam_id, p.id, p.parent_id, p.node_type, p.value_id, up.depth + 1
      from up join course_tree_nodes p on p.id = up.parent_id
      where up.depth < 50
    ),
    exam_topics as (
      select distinct on (up.course_id, up.exam_id) up.course_id, up.exam_id, up.value_id as section_id,
             s.title as section_title, top.position as section_position
      from up
      join course_tree_nodes top on top.id = up.id
      join course_tree_nodes root on root.id = up.parent_id and root.node_type = 'course'
      join sections s on s.id = up.value_id
      where up.node_type = 'section'
      order by up.course_id, up.exam_id, up.depth
    )`;
}

/** The user's cards on the rosters of their classes (optionally one class), with what a review set shows. */
const ownCards = (userId: number, classId: number | undefined) => sql`
  select rc.*, c.title as class_title, c.course_id
  from review_cards rc
  join profiles p on p.id = rc.profile_id and p.user_id = ${userId}
  join school_classes c on c.id = rc.class_id and c.school_id = rc.school_id
  join enrolments e on e.class_id = rc.class_id and e.school_id = rc.school_id and e.profile_id = rc.profile_id
                   and e.access_status >= 25
  ${classId === undefined ? sql`` : sql`where rc.class_id = ${classId}`}`;

export type DueCardRow = {
  school_id: number;
  class_id: number;
  profile_id: number;
  question_id: number;
  source: 'wrong' | 'low_rating';
  due: Date | string;
  reps: number;
  lapses: number;
  class_title: string;
  exam_id: number;
  exam_title: string;
  topic: string | null;
};

/** The user's cards due before `before`, soonest first, at most `limit`, with their exam and topic. */
export async function dueCards(
  db: Executor,
  q: { userId: number; classId?: number | undefined; before: Date; limit: number },
): Promise<{ cards: DueCardRow[]; questions: QuestionRow[] }> {
  const { rows } = await db.execute<DueCardRow>(sql`
    with recursive own as (${ownCards(q.userId, q.classId)}),
    ${examTopicsCte(sql`select distinct course_id from own`)}
    select own.school_id, own.class_id, own.profile_id, own.question_id, own.source, own.due, own.reps, own.lapses,
           own.class_title, x.id as exam_id, x.title as exam_title, t.section_title as topic
    from own
    join exam_questions q on q.id = own.question_id
    join exams x on x.id = q.exam_id
    left join exam_topics t on t.course_id = own.course_id and t.exam_id = x.id
    where own.due < ${q.before}::timestamptz
    order by own.due, own.class_id, own.question_id
    limit ${q.limit}`);
  const ids = [...new Set(rows.map((r) => r.question_id))];
  const questions = ids.length
    ? await db
        .select()
        .from(examQuestions)
        .where(
          sql`${examQuestions.id} in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
    : [];
  return { cards: rows, questions };
}

/** Counts for the review page: due by `before`, reviewed since `since`, all cards, and the next due date. */
export async function reviewCounts(
  db: Executor,
  q: { userId: number; classId?: number | undefined; before: Date; since: Date },
) {
  const { rows } = await db.execute<{
    due_today: number;
    total_cards: number;
    next_due: Date | string | null;
    done_today: number;
  }>(sql`
    with own as (${ownCards(q.userId, q.classId)})
    select
      (select count(*)::int from own where due < ${q.before}::timestamptz) as due_today,
      (select count(*)::int from own) as total_cards,
      (select min(due) from own) as next_due,
      (select count(*)::int from review_logs l join profiles p on p.id = l.profile_id and p.user_id = ${q.userId}
       where l.reviewed_at >= ${q.since}::timestamptz
       ${q.classId === undefined ? sql`` : sql`and l.class_id = ${q.classId}`}) as done_today`);
  return rows[0]!;
}

/** Whether the student has a card on the question in the class. */
export async function hasCard(db: Executor, key: { classId: number; profileId: number; questionId: number }) {
  const [row] = await db
    .select({ questionId: reviewCards.questionId })
    .from(reviewCards)
    .where(
      and(
        eq(reviewCards.classId, key.classId),
        eq(reviewCards.profileId, key.profileId),
        eq(reviewCards.questionId, key.questionId),
      ),
    );
  return !!row;
}

/** The student's card in a class, its row locked for update (inside a transaction); null when there is none. */
export async function lockCard(
  db: Executor,
  key: { classId: number; profileId: number; questionId: number },
): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(reviewCards)
    .where(
      and(
        eq(reviewCards.classId, key.classId),
        eq(reviewCards.profileId, key.profileId),
        eq(reviewCards.questionId, key.questionId),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function findQuestion(db: Executor, questionId: number): Promise<QuestionRow | null> {
  const [row] = await db.select().from(examQuestions).where(eq(examQuestions.id, questionId));
  return row ?? null;
}

export async function updateCard(
  db: Executor,
  key: { classId: number; profileId: number; questionId: number },
  state: NewCardState & { lastReview: Date | null },
): Promise<void> {
  await db
    .update(reviewCards)
    .set(state)
    .where(
      and(
        eq(reviewCards.classId, key.classId),
        eq(reviewCards.profileId, key.profileId),
        eq(reviewCards.questionId, key.questionId),
      ),
    );
}

export async function insertLog(db: Executor, values: typeof reviewLogs.$inferInsert): Promise<void> {
  await db.insert(reviewLogs).values(values);
}

export type TopicStudentRow = {
  section_id: number | null;
  section_title: string | null;
  section_position: number | null;
  profile_id: number;
  first_name: string;
  last_name: string;
  cards: number;
  lapses: number;
  reviews: number;
  missed: number;
};

/**
 * Per topic and student on the class's roster: their cards, lapses, reviews and misses (Again) in the class. One
 * row per (topic, student) with cards; the service adds them up per topic.
 */
export async function topicStudentStats(
  db: Executor,
  q: { classId: number; schoolId: number; courseId: number },
): Promise<TopicStudentRow[]> {
  const { rows } = await db.execute<TopicStudentRow>(sql`
    with recursive ${examTopicsCte(sql`${q.courseId}`)},
    roster as (
      select e.profile_id from enrolments e
      where e.class_id = ${q.classId} and e.school_id = ${q.schoolId} and e.access_status >= 25
    ),
    card_stats as (
      select rc.profile_id, rc.question_id, rc.lapses,
             count(l.id)::int as reviews, count(l.id) filter (where l.rating = ${ReviewRating.again})::int as missed
      from review_cards rc
      left join review_logs l on l.class_id = rc.class_id and l.profile_id = rc.profile_id
                             and l.question_id = rc.question_id and l.school_id = rc.school_id
      where rc.class_id = ${q.classId} and rc.school_id = ${q.schoolId}
        and rc.profile_id in (select profile_id from roster)
      group by rc.profile_id, rc.question_id, rc.lapses
    )
    select t.section_id, t.section_title, t.section_position, cs.profile_id, u.first_name, u.last_name,
           count(*)::int as cards, sum(cs.lapses)::int as lapses, sum(cs.reviews)::int as reviews,
           sum(cs.missed)::int as missed
    from card_stats cs
    join exam_questions q on q.id = cs.question_id
    left join exam_topics t on t.course_id = ${q.courseId} and t.exam_id = q.exam_id
    join profiles p on p.id = cs.profile_id
    join users u on u.id = p.user_id
    group by t.section_id, t.section_title, t.section_position, cs.profile_id, u.first_name, u.last_name`);
  return rows;
}

/** The profile ids on a class's roster (the day's pseudonyms are made over the whole class). */
export async function rosterProfileIds(db: Executor, classId: number, schoolId: number): Promise<number[]> {
  const { rows } = await db.execute<{ profile_id: number }>(sql`
    select e.profile_id from enrolments e
    where e.class_id = ${classId} and e.school_id = ${schoolId} and e.access_status >= 25`);
  return rows.map((r) => r.profile_id);
}
