import {
  ACTIVITY_LIST_LIMIT,
  type ActivityListItem,
  type ActivityListResponse,
  type ActivityResponsesSummary,
} from '@banksia/contracts/activities';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

export async function courseExists(db: Executor, courseId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists(select 1 from courses where id = ${courseId}) as found`,
  );
  return rows[0]?.found ?? false;
}

/** The course a lesson belongs to; null when there is no such lesson. */
export async function courseOfLesson(db: Executor, lessonId: number): Promise<number | null> {
  const { rows } = await db.execute<{ course_id: number }>(sql`select course_id from lessons where id = ${lessonId}`);
  return rows[0]?.course_id ?? null;
}

type ListRow = {
  id: number;
  title: string;
  block_count: number;
  version: number;
  updated_at: string | Date;
  course_id: number | null;
  course_title: string | null;
  lesson_id: number | null;
  lesson_title: string | null;
  lesson_course_title: string | null;
  exams: ActivityListItem['exams'];
  task_count: number;
  response_count: number;
};

/**
 * Activities whose title contains `q` (or whose id is `q` or `#q`), newest change first, at most
 * ACTIVITY_LIST_LIMIT, each with every place it is used (course, lesson, exam questions, tasks) and how many
 * responses it has, in one query; and how many match in all.
 */
export async function listActivities(db: Executor, q: string): Promise<ActivityListResponse> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const idMatch = /^#?(\d{1,9})$/.exec(q);
  const where = q
    ? sql`where a.title ilike ${pattern}${idMatch ? sql` or a.id = ${Number(idMatch[1])}` : sql``}`
    : sql``;
  const { rows } = await db.execute<ListRow>(sql`
    select a.id, a.title, jsonb_array_length(a.blocks)::int as block_count, a.version, a.updated_at,
           c.id as course_id, c.title as course_title,
           l.id as lesson_id, l.title as lesson_title, lc.title as lesson_course_title,
           coalesce((select json_agg(json_build_object('id', e.id, 'title', e.title, 'course_title', ec.title)
                                     order by e.title, e.id)
                     from exams e join courses ec on ec.id = e.course_id
                     where exists(select 1 from exam_questions q
                                  where q.exam_id = e.id and q.definition ->> 'type' = 'activity'
                                    and q.definition ->> 'activity_id' = a.id::text)), '[]'::json) as exams,
           (select count(*) from task_items t where t.activity_id = a.id)::int as task_count,
           (select count(*) from activity_responses r where r.activity_id = a.id)::int as response_count
    from activities a
    left join courses c on c.id = a.course_id
    left join lessons l on l.id = a.lesson_id
    left join courses lc on lc.id = l.course_id
    ${where}
    order by a.updated_at desc, a.id desc
    limit ${ACTIVITY_LIST_LIMIT}`);
  const { rows: total } = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from activities a ${where}`,
  );
  return {
    count: total[0]?.count ?? 0,
    results: rows.map((row) => ({
      id: row.id,
      title: row.title,
      block_count: row.block_count,
      version: row.version,
      updated_at: new Date(row.updated_at).toISOString(),
      course: row.course_id !== null ? { id: row.course_id, title: row.course_title ?? '' } : null,
      lesson:
        row.lesson_id !== null
          ? { id: row.lesson_id, title: row.lesson_title ?? '', course_title: row.lesson_course_title ?? '' }
          : null,
      exams: row.exams,
      task_count: row.task_count,
      response_count: row.response_count,
    })),
  };
}

/** How many responses an activity has, and from how many students. */
export async function responsesSummary(db: Executor, activityId: number): Promise<ActivityResponsesSummary> {
  const { rows } = await db.execute<ActivityResponsesSummary>(sql`
    select count(*)::int as responses, count(distinct profile_id)::int as students
    from activity_responses where activity_id = ${activityId}`);
  return rows[0] ?? { responses: 0, students: 0 };
}
