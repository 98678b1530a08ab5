import { sql, type SQL } from 'drizzle-orm';
import { lessonsInPublishedSections } from '../../db/sql/course-tree';
import type { Executor } from '../../platform/db';

// Lessons count towards progress when published; only those not "coming soon" can be opened, so only their
// chunks count as videos to watch (spec §5: a lesson is navigable when published, not coming soon, with chunks).

/** The student profile through which a user is on a class's roster (access status LOCKED or above). */
export async function rosterProfileOfUser(db: Executor, classId: number, schoolId: number, userId: number) {
  const { rows } = await db.execute<{ profile_id: number }>(sql`
    select e.profile_id from enrolments e join profiles p on p.id = e.profile_id
    where e.class_id = ${classId} and e.school_id = ${schoolId} and p.user_id = ${userId} and p.kind = 'student'
      and e.access_status >= 25
    order by e.profile_id limit 1`);
  return rows[0]?.profile_id ?? null;
}

/**
 * One student's progress in a class, one row per published lesson of the course, in one query: chunk counts,
 * the chunks visited and watched, the self-rating, and whether the notes have any text.
 */
export async function studentLessonProgress(
  db: Executor,
  q: { classId: number; schoolId: number; courseId: number; profileId: number },
) {
  const { rows } = await db.execute<{
    lesson_id: number;
    is_coming_soon: boolean;
    chunk_count: number;
    visited_chunk_ids: number[];
    watched_chunk_ids: number[];
    self_rating: number | null;
    has_notes: boolean;
  }>(sql`
    select l.id as lesson_id, l.is_coming_soon,
      (select count(*) from chunks c where c.lesson_id = l.id)::int as chunk_count,
      array(select v.chunk_id from chunk_visits v join chunks c on c.id = v.chunk_id
            where c.lesson_id = l.id and v.class_id = ${q.classId} and v.profile_id = ${q.profileId}
              and v.school_id = ${q.schoolId}
            order by c.index) as visited_chunk_ids,
      array(select w.chunk_id from chunk_watches w join chunks c on c.id = w.chunk_id
            where c.lesson_id = l.id and w.class_id = ${q.classId} and w.profile_id = ${q.profileId}
              and w.school_id = ${q.schoolId} and w.watched
            order by c.index) as watched_chunk_ids,
      r.rating as self_rating,
      coalesce(n.html <> '', false) as has_notes
    from lessons l
    left join lesson_self_ratings r
      on r.lesson_id = l.id and r.profile_id = ${q.profileId} and r.school_id = ${q.schoolId}
    left join lesson_notes n on n.lesson_id = l.id and n.profile_id = ${q.profileId} and n.class_id = ${q.classId}
      and n.school_id = ${q.schoolId}
    where l.course_id = ${q.courseId} and l.is_published and l.id in ${lessonsInPublishedSections(q.courseId)}
    order by l.id`);
  return rows;
}

/** Profiles on a class's roster (access status LOCKED or above). */
function roster(classId: number, schoolId: number) {
  return sql`select e.profile_id from enrolments e
             where e.class_id = ${classId} and e.school_id = ${schoolId} and e.access_status >= 25`;
}

export async function rosterSize(db: Executor, classId: number, schoolId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${roster(classId, schoolId)}) r`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * The class's figures per published lesson in one grouped query: chunks, roster students who opened a chunk,
 * (student, chunk) visits, self-ratings and notes with text. Only students on the roster count.
 */
export async function classLessonAggregates(db: Executor, q: { classId: number; schoolId: number; courseId: number }) {
  const { rows } = await db.execute<{
    lesson_id: number;
    is_coming_soon: boolean;
    chunk_count: number;
    students_started: number;
    chunk_visits: number;
    self_rating_avg: number | null;
    self_rating_count: number;
    notes_count: number;
  }>(sql`
    with roster as (${roster(q.classId, q.schoolId)}),
    course_lessons as (
      select l.id, l.is_coming_soon from lessons l
      where l.course_id = ${q.courseId} and l.is_published and l.id in ${lessonsInPublishedSections(q.courseId)}
    ),
    chunk_counts as (
      select c.lesson_id, count(*)::int as n from chunks c join course_lessons cl on cl.id = c.lesson_id
      group by c.lesson_id
    ),
    visits as (
      select c.lesson_id, count(distinct v.profile_id)::int as students, count(*)::int as n
      from chunk_visits v
      join roster r on r.profile_id = v.profile_id
      join chunks c on c.id = v.chunk_id
      join course_lessons cl on cl.id = c.lesson_id
      where v.class_id = ${q.classId} and v.school_id = ${q.schoolId}
      group by c.lesson_id
    ),
    ratings as (
      select sr.lesson_id, avg(sr.rating)::float8 as avg, count(*)::int as n
      from lesson_self_ratings sr
      join roster r on r.profile_id = sr.profile_id
      join course_lessons cl on cl.id = sr.lesson_id
      where sr.school_id = ${q.schoolId}
      group by sr.lesson_id
    ),
    notes as (
      select ln.lesson_id, count(*)::int as n
      from lesson_notes ln
      join roster r on r.profile_id = ln.profile_id
      join course_lessons cl on cl.id = ln.lesson_id
      where ln.class_id = ${q.classId} and ln.school_id = ${q.schoolId} and ln.html <> ''
      group by ln.lesson_id
    )
    select cl.id as lesson_id, cl.is_coming_soon,
      coalesce(cc.n, 0) as chunk_count,
      coalesce(v.students, 0) as students_started,
      coalesce(v.n, 0) as chunk_visits,
      ra.avg as self_rating_avg,
      coalesce(ra.n, 0) as self_rating_count,
      coalesce(nt.n, 0) as notes_count
    from course_lessons cl
    left join chunk_counts cc on cc.lesson_id = cl.id
    left join visits v on v.lesson_id = cl.id
    left join ratings ra on ra.lesson_id = cl.id
    left join notes nt on nt.lesson_id = cl.id
    order by cl.id`);
  return rows;
}

/** Ids of the course's published exams. */
export async function publishedExamIds(db: Executor, courseId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from exams where course_id = ${courseId} and is_published order by id`,
  );
  return rows.map((r) => r.id);
}

/** Students on a class's roster with their names, by last name then first name. */
export async function classmates(db: Executor, classId: number, schoolId: number) {
  const { rows } = await db.execute<{ profile_id: number; first_name: string; last_name: string }>(sql`
    select p.id as profile_id, u.first_name, u.last_name
    from enrolments e
    join profiles p on p.id = e.profile_id
    join users u on u.id = p.user_id
    where e.class_id = ${classId} and e.school_id = ${schoolId} and e.access_status >= 25
    order by lower(u.last_name), lower(u.first_name), p.id`);
  return rows;
}

/** A chunk of the course with its lesson's state and its video's duration (seconds; 0 when unknown). */
export async function chunkInCourse(db: Executor, chunkId: number, courseId: number) {
  const { rows } = await db.execute<{
    chunk_id: number;
    lesson_id: number;
    is_published: boolean;
    is_coming_soon: boolean;
    duration: number;
  }>(sql`
    select c.id as chunk_id, l.id as lesson_id, l.is_published, l.is_coming_soon, v.duration
    from chunks c join lessons l on l.id = c.lesson_id join videos v on v.id = c.video_id
    where c.id = ${chunkId} and l.course_id = ${courseId}`);
  return rows[0] ?? null;
}

interface Tracked {
  schoolId: number;
  classId: number;
  profileId: number;
  chunkId: number;
  now: Date;
}

/** Counts a visit: the first creates the row, later ones add one and move last_visited_at. */
export async function recordVisit(db: Executor, t: Tracked): Promise<void> {
  await db.execute(sql`
    insert into chunk_visits (school_id, class_id, profile_id, chunk_id, visit_count, first_visited_at, last_visited_at)
    values (${t.schoolId}, ${t.classId}, ${t.profileId}, ${t.chunkId}, 1, ${t.now}, ${t.now})
    on conflict (class_id, profile_id, chunk_id) do update
      set visit_count = chunk_visits.visit_count + 1, last_visited_at = excluded.last_visited_at`);
}

/**
 * Adds watched seconds in one statement, so concurrent reports cannot both spend the same elapsed time (the
 * conflicting row is locked and each update sees the last one's updated_at). The credit is the claim, capped
 * at the time since the previous report times the highest playback rate (for the first report: since the chunk was last opened) plus
 * `slackSeconds`; the total is capped at the video's duration. `watched` turns on at `watchedShare` of the
 * duration and never turns off. A duration of 0 means unknown: no duration cap, and never watched.
 */
export async function recordWatch(
  db: Executor,
  t: Tracked & {
    seconds: number;
    position: number;
    duration: number;
    slackSeconds: number;
    watchedShare: number;
    maxPlaybackRate: number;
  },
) {
  const now = sql`${t.now}::timestamptz`;
  const seconds = sql`${t.seconds}::float8`;
  const duration = sql`${t.duration}::float8`;
  const slack = sql`${t.slackSeconds}::float8`;
  const capTotal = (total: SQL) => sql`(case when ${duration} > 0 then least(${total}, ${duration}) else ${total} end)`;
  const isWatched = (total: SQL) =>
    sql`(${duration} > 0 and ${capTotal(total)} >= ${duration} * ${t.watchedShare}::float8)`;
  const position = sql`(case when ${duration} > 0 then least(${t.position}::float8, ${duration}) else ${t.position}::float8 end)`;
  const elapsedSince = (at: SQL) =>
    sql`(greatest(0, extract(epoch from (${now} - ${at})))::float8 * ${t.maxPlaybackRate}::float8)`;
  const lastOpened = sql`(select v.last_visited_at from chunk_visits v
    where v.class_id = ${t.classId} and v.profile_id = ${t.profileId} and v.chunk_id = ${t.chunkId})`;
  const firstCredit = sql`least(${seconds}, coalesce(${elapsedSince(lastOpened)}, 0) + ${slack})`;
  const laterTotal = sql`chunk_watches.seconds_watched + least(${seconds}, ${elapsedSince(sql`chunk_watches.updated_at`)} + ${slack})`;
  const { rows } = await db.execute<{ seconds_watched: number; watched: boolean }>(sql`
    insert into chunk_watches (school_id, class_id, profile_id, chunk_id, seconds_watched, max_position, watched, updated_at)
    values (${t.schoolId}, ${t.classId}, ${t.profileId}, ${t.chunkId}, ${capTotal(firstCredit)}, ${position},
            ${isWatched(firstCredit)}, ${now})
    on conflict (class_id, profile_id, chunk_id) do update set
      seconds_watched = ${capTotal(laterTotal)},
      max_position = greatest(chunk_watches.max_position, excluded.max_position),
      watched = chunk_watches.watched or ${isWatched(laterTotal)},
      updated_at = excluded.updated_at
    returning seconds_watched, watched`);
  return rows[0]!;
}

/** A lesson and its course (for self-assessment), or null. */
export async function findLesson(db: Executor, lessonId: number) {
  const { rows } = await db.execute<{ id: number; course_id: number; is_published: boolean }>(
    sql`select id, course_id, is_published from lessons where id = ${lessonId}`,
  );
  return rows[0] ?? null;
}

/** The student profiles (with their schools) through which a user is on the roster of a class of the course. */
export async function rosterProfilesForCourse(db: Executor, userId: number, courseId: number) {
  const { rows } = await db.execute<{ profile_id: number; school_id: number }>(sql`
    select distinct e.profile_id, e.school_id
    from enrolments e
    join profiles p on p.id = e.profile_id
    join school_classes c on c.id = e.class_id and c.school_id = e.school_id
    where p.user_id = ${userId} and p.kind = 'student' and e.access_status >= 25 and c.course_id = ${courseId}
    order by e.profile_id`);
  return rows;
}

/** Sets (upserts) the rating of a lesson for each of the profiles, in one statement. */
export async function setSelfRating(
  db: Executor,
  profiles: { profile_id: number; school_id: number }[],
  lessonId: number,
  rating: number,
  now: Date,
): Promise<void> {
  const values = sql.join(
    profiles.map((p) => sql`(${p.school_id}, ${p.profile_id}, ${lessonId}, ${rating}, ${now}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into lesson_self_ratings (school_id, profile_id, lesson_id, rating, updated_at) values ${values}
    on conflict (profile_id, lesson_id) do update set rating = excluded.rating, updated_at = excluded.updated_at`);
}

export async function clearSelfRating(
  db: Executor,
  profiles: { profile_id: number; school_id: number }[],
  lessonId: number,
): Promise<void> {
  const keys = sql.join(
    profiles.map((p) => sql`(${p.profile_id}, ${p.school_id})`),
    sql`, `,
  );
  await db.execute(
    sql`delete from lesson_self_ratings where lesson_id = ${lessonId} and (profile_id, school_id) in (${keys})`,
  );
}
