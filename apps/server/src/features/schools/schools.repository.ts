import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { profiles, schools } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export async function allSchools(db: Executor) {
  return db.select({ id: schools.id, name: schools.name }).from(schools).orderBy(asc(schools.name));
}

/** The schools a user has a student or teacher profile at. */
export async function schoolsOfUser(db: Executor, userId: number) {
  const mine = db.select({ id: profiles.schoolId }).from(profiles).where(eq(profiles.userId, userId));
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(inArray(schools.id, mine))
    .orderBy(asc(schools.name));
}

export async function findSchool(db: Executor, schoolId: number) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, slug: schools.slug, timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? null;
}

/** Whether a user holds a teacher profile at the school. */
export async function teachesAtSchool(db: Executor, userId: number, schoolId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from profiles where user_id = ${userId} and school_id = ${schoolId}
                  and kind = 'teacher') as found`);
  return rows[0]?.found ?? false;
}

/** The calendar years the school has classes in, latest first. */
export async function classYears(db: Executor, schoolId: number): Promise<number[]> {
  const { rows } = await db.execute<{ year: number }>(sql`
    select distinct calendar_year as year from school_classes where school_id = ${schoolId} order by year desc`);
  return rows.map((r) => r.year);
}

/** The school's classes of one year with their roster size and teachers' names, in one query. */
export async function classesOfYear(db: Executor, schoolId: number, year: number) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    course_id: number;
    course_title: string;
    class_type: 'N' | 'C' | 'TT' | 'ST';
    calendar_year: number;
    student_count: number;
    teacher_names: string[];
  }>(sql`
    select c.id, c.title, c.course_id, co.title as course_title, c.class_type, c.calendar_year,
      (select count(*) from enrolments e
       where e.class_id = c.id and e.school_id = c.school_id and e.access_status >= 25)::int as student_count,
      array(select trim(u.first_name || ' ' || u.last_name)
            from class_teachers ct join profiles p on p.id = ct.profile_id join users u on u.id = p.user_id
            where ct.class_id = c.id and ct.school_id = c.school_id
            order by lower(u.last_name), lower(u.first_name), u.id) as teacher_names
    from school_classes c join courses co on co.id = c.course_id
    where c.school_id = ${schoolId} and c.calendar_year = ${year}
    order by lower(c.title), c.id`);
  return rows;
}

export async function findSchoolBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, slug: schools.slug, timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.slug, slug));
  return row ?? null;
}

/** Whether a user teaches (class_teachers) each of the given classes: the ids they teach. */
function taughtBy(userId: number) {
  return sql`(select ct.class_id from class_teachers ct join profiles p on p.id = ct.profile_id
              where p.user_id = ${userId})`;
}

/** Teacher names of a class (as on /account/school/). */
function teacherNames(classRef: SQL, schoolRef: SQL) {
  return sql`array(select trim(u.first_name || ' ' || u.last_name)
            from class_teachers ct join profiles p on p.id = ct.profile_id join users u on u.id = p.user_id
            where ct.class_id = ${classRef} and ct.school_id = ${schoolRef}
            order by lower(u.last_name), lower(u.first_name), u.id)`;
}

/**
 * The school dashboard's classes of one year, with every figure aggregated in one statement: roster size, lesson
 * parts students can open in the course (published lessons, not coming soon, under published topics), parts opened
 * by roster students, submitted exam sittings, and the latest student activity.
 */
export async function dashboardClasses(db: Executor, q: { schoolId: number; year: number; userId: number }) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    course_id: number;
    course_title: string;
    class_type: 'N' | 'C' | 'TT' | 'ST';
    teacher_names: string[];
    student_count: number;
    chunk_count: number;
    chunks_opened: number;
    exams_submitted: number;
    last_activity_at: Date | string | null;
    teaches: boolean;
  }>(sql`
    with recursive
    cls as (
      select c.id, c.title, c.course_id, c.class_type, c.school_id from school_classes c
      where c.school_id = ${q.schoolId} and c.calendar_year = ${q.year}
    ),
    roster as (
      select e.class_id, e.profile_id from enrolments e join cls on cls.id = e.class_id
      where e.school_id = ${q.schoolId} and e.access_status >= 25
    ),
    visible(node_id) as (
      select n.id from course_tree_nodes n
      where n.parent_id is null and n.course_id in (select course_id from cls)
      union all
      select n.id from course_tree_nodes n
        join visible on n.parent_id = visible.node_id
        left join sections s on n.node_type = 'section' and s.id = n.value_id
        where n.node_type <> 'section' or s.is_published
    ),
    open_chunks as (
      select distinct l.course_id, ch.id as chunk_id
      from visible v
      join course_tree_nodes n on n.id = v.node_id and n.node_type = 'lesson'
      join lessons l on l.id = n.value_id and l.course_id = n.course_id and l.is_published and not l.is_coming_soon
      join chunks ch on ch.lesson_id = l.id
    ),
    chunk_totals as (select course_id, count(*)::int as n from open_chunks group by course_id),
    roster_counts as (select class_id, count(*)::int as n from roster group by class_id),
    opened as (
      select v.class_id, count(*)::int as n
      from chunk_visits v
      join cls on cls.id = v.class_id
      join roster r on r.class_id = v.class_id and r.profile_id = v.profile_id
      join open_chunks oc on oc.chunk_id = v.chunk_id and oc.course_id = cls.course_id
      where v.school_id = ${q.schoolId}
      group by v.class_id
    ),
    submitted as (
      select t.class_id, count(*)::int as n from (
        select distinct s.class_id, s.profile_id, s.exam_id
        from exam_sittings s
        join roster r on r.class_id = s.class_id and r.profile_id = s.profile_id
        join exams x on x.id = s.exam_id and x.kind = 'exam'
        where s.school_id = ${q.schoolId} and s.status = 'submitted'
      ) t group by t.class_id
    ),
    activity as (
      select t.class_id, max(t.at) as at from (
        select v.class_id, v.last_visited_at as at from chunk_visits v join cls on cls.id = v.class_id
          where v.school_id = ${q.schoolId}
        union all
        select s.class_id, coalesce(s.submitted_at, s.started_at) from exam_sittings s join cls on cls.id = s.class_id
          where s.school_id = ${q.schoolId}
        union all
        select a.class_id, a.updated_at from activity_responses a join cls on cls.id = a.class_id
          where a.school_id = ${q.schoolId}
      ) t group by t.class_id
    )
    select cls.id, cls.title, cls.course_id, co.title as course_title, cls.class_type,
      ${teacherNames(sql`cls.id`, sql`cls.school_id`)} as teacher_names,
      coalesce(rc.n, 0) as student_count,
      coalesce(ctot.n, 0) as chunk_count,
      coalesce(op.n, 0) as chunks_opened,
      coalesce(sub.n, 0) as exams_submitted,
      act.at as last_activity_at,
      cls.id in ${taughtBy(q.userId)} as teaches
    from cls
    join courses co on co.id = cls.course_id
    left join roster_counts rc on rc.class_id = cls.id
    left join chunk_totals ctot on ctot.course_id = cls.course_id
    left join opened op on op.class_id = cls.id
    left join submitted sub on sub.class_id = cls.id
    left join activity act on act.class_id = cls.id
    order by lower(cls.title), cls.id`);
  return rows;
}

/** Published exams of the courses the school's classes take that year, with classes and submitted sittings. */
export async function dashboardExams(db: Executor, q: { schoolId: number; year: number }) {
  const { rows } = await db.execute<{
    exam_id: number;
    title: string;
    course_id: number;
    course_title: string;
    class_count: number;
    submitted: number;
  }>(sql`
    with cls as (
      select c.id, c.course_id from school_classes c
      where c.school_id = ${q.schoolId} and c.calendar_year = ${q.year}
    ),
    roster as (
      select e.class_id, e.profile_id from enrolments e join cls on cls.id = e.class_id
      where e.school_id = ${q.schoolId} and e.access_status >= 25
    ),
    done as (
      select s.exam_id, count(*)::int as n from (
        select distinct s.exam_id, s.class_id, s.profile_id from exam_sittings s
        join roster r on r.class_id = s.class_id and r.profile_id = s.profile_id
        where s.school_id = ${q.schoolId} and s.status = 'submitted'
      ) s group by s.exam_id
    )
    select x.id as exam_id, x.title, x.course_id, co.title as course_title,
      count(distinct cls.id)::int as class_count, coalesce(max(done.n), 0)::int as submitted
    from exams x
    join cls on cls.course_id = x.course_id
    join courses co on co.id = x.course_id
    left join done on done.exam_id = x.id
    where x.kind = 'exam' and x.is_published
    group by x.id, co.title
    order by lower(co.title), lower(x.title), x.id`);
  return rows;
}

export async function findExam(db: Executor, examId: number) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    kind: string;
    course_id: number;
    course_title: string;
    marks_total: string;
  }>(sql`
    select x.id, x.title, x.kind, x.course_id, co.title as course_title, x.marks_total
    from exams x join courses co on co.id = x.course_id where x.id = ${examId}`);
  return rows[0] ?? null;
}

/** Calendar years in which the school has classes on a course, latest first. */
export async function courseYears(db: Executor, schoolId: number, courseId: number): Promise<number[]> {
  const { rows } = await db.execute<{ year: number }>(sql`
    select distinct calendar_year as year from school_classes
    where school_id = ${schoolId} and course_id = ${courseId} order by year desc`);
  return rows.map((r) => r.year);
}

/**
 * Per class of the school on the exam's course that year: roster size, and each roster student's score (percent
 * of the exam's marks) in their latest submitted sitting, with whether it still has answers waiting for marking.
 * One statement; no names.
 */
export async function examScoresByClass(
  db: Executor,
  q: { schoolId: number; year: number; courseId: number; examId: number; marksTotal: number; userId: number },
) {
  const { rows } = await db.execute<{
    class_id: number;
    title: string;
    teacher_names: string[];
    roster_size: number;
    percents: number[];
    awaiting_marking: number;
    teaches: boolean;
  }>(sql`
    with cls as (
      select c.id, c.title, c.school_id from school_classes c
      where c.school_id = ${q.schoolId} and c.calendar_year = ${q.year} and c.course_id = ${q.courseId}
    ),
    roster as (
      select e.class_id, e.profile_id from enrolments e join cls on cls.id = e.class_id
      where e.school_id = ${q.schoolId} and e.access_status >= 25
    ),
    latest as (
      select distinct on (s.class_id, s.profile_id) s.class_id, s.profile_id, s.id as sitting_id
      from exam_sittings s
      join roster r on r.class_id = s.class_id and r.profile_id = s.profile_id
      where s.exam_id = ${q.examId} and s.school_id = ${q.schoolId} and s.status = 'submitted'
      order by s.class_id, s.profile_id, s.submitted_at desc nulls last, s.id desc
    ),
    scored as (
      select l.class_id,
        (select coalesce(sum(a.marks_awarded), 0) from exam_answers a
          where a.sitting_id = l.sitting_id and a.school_id = ${q.schoolId})::float8 as marks,
        exists(select 1 from exam_answers a where a.sitting_id = l.sitting_id and a.school_id = ${q.schoolId}
               and a.mark_status = 'needs_marking') as awaiting
      from latest l
    )
    select cls.id as class_id, cls.title,
      ${teacherNames(sql`cls.id`, sql`cls.school_id`)} as teacher_names,
      (select count(*) from roster r where r.class_id = cls.id)::int as roster_size,
      coalesce((select array_agg(case when ${q.marksTotal}::float8 > 0
                                  then least(100, 100 * sc.marks / ${q.marksTotal}::float8) else 0 end
                                  order by sc.marks)
                from scored sc where sc.class_id = cls.id), '{}') as percents,
      (select count(*) from scored sc where sc.class_id = cls.id and sc.awaiting)::int as awaiting_marking,
      cls.id in ${taughtBy(q.userId)} as teaches
    from cls
    order by lower(cls.title), cls.id`);
  return rows;
}

/**
 * Whether PostgreSQL's own time zone database knows a zone: the SQL that reads a school's day (`at time zone`) uses
 * it, and it may lag the runtime's ICU data by a release.
 */
export async function databaseKnowsZone(db: Executor, timeZone: string): Promise<boolean> {
  const { rows } = await db.execute<{ known: boolean }>(
    sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`,
  );
  return rows[0]?.known ?? false;
}

/** Sets a school's IANA time zone, returning it before and after; null when there is no such school. */
export async function setTimeZone(
  db: Executor,
  schoolId: number,
  timeZone: string,
): Promise<{ before: string; after: string } | null> {
  const { rows } = await db.execute<{ before: string; after: string }>(sql`
    update schools s set time_zone = ${timeZone}
    from (select id, time_zone from schools where id = ${schoolId} for update) old
    where s.id = old.id
    returning old.time_zone as before, s.time_zone as after`);
  return rows[0] ?? null;
}

/** Sets a school's email domains, returning them before and after; null when there is no such school. */
export async function setEmailDomains(
  db: Executor,
  schoolId: number,
  domains: string[],
): Promise<{ before: string[]; after: string[] } | null> {
  const { rows } = await db.execute<{ before: string[]; after: string[] }>(sql`
    update schools s set email_domains = ${sql.param(domains)}::text[]
    from (select id, email_domains from schools where id = ${schoolId} for update) old
    where s.id = old.id
    returning old.email_domains as before, s.email_domains as after`);
  return rows[0] ?? null;
}
