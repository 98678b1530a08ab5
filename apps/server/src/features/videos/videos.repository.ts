import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** SQL of the video library and captions. Videos and captions are course content: not school data. */

export type VideoRow = {
  id: number;
  kind: 'file' | 'hosted';
  title: string;
  storage_key: string | null;
  provider: string | null;
  hosted_id: string | null;
  file_name: string | null;
  content_type: string | null;
  size_bytes: number | null;
  duration: number;
  updated_at: Date;
  /** State of its English track, 'none' without one; 'requested' when only an order exists. */
  caption_state: string;
};

const videoColumns = sql`
  v.id, v.kind, v.title, v.storage_key, v.provider, v.hosted_id, v.file_name, v.content_type,
  v.size_bytes::float8 as size_bytes, v.duration, v.updated_at,
  coalesce(
    (select ct.status from caption_tracks ct where ct.video_id = v.id order by (ct.srclang = 'en') desc, ct.id limit 1),
    case when exists (select 1 from caption_orders o where o.video_id = v.id) then 'requested' else 'none' end
  ) as caption_state`;

/** Videos whose title, file name or id matches `q` (all when empty), newest first. */
export async function listVideos(db: Executor, q: string | undefined): Promise<VideoRow[]> {
  const text = q?.trim() ?? '';
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const filter = text
    ? sql`where v.title ilike ${pattern} or v.file_name ilike ${pattern} or v.storage_key ilike ${pattern}
            or v.hosted_id ilike ${pattern} or v.id::text = ${text}
            or exists (select 1 from chunks ch join lessons l on l.id = ch.lesson_id
                       where ch.video_id = v.id and (l.title ilike ${pattern} or ch.title ilike ${pattern}))`
    : sql``;
  const { rows } = await db.execute<VideoRow>(sql`
    select ${videoColumns} from videos v ${filter} order by v.updated_at desc, v.id desc limit 500`);
  return rows;
}

export async function findVideo(db: Executor, videoId: number, forUpdate = false): Promise<VideoRow | null> {
  const { rows } = await db.execute<VideoRow>(sql`
    select ${videoColumns} from videos v where v.id = ${videoId} ${forUpdate ? sql`for update` : sql``}`);
  return rows[0] ?? null;
}

export type UsageRow = {
  video_id: number;
  lesson_id: number;
  lesson_title: string;
  lesson_is_published: boolean;
  course_id: number;
  course_title: string;
  chunk_title: string;
};

/** Where the videos are played: every chunk that uses them, with its lesson and course. */
export async function usageOf(db: Executor, videoIds: number[]): Promise<UsageRow[]> {
  if (!videoIds.length) return [];
  const { rows } = await db.execute<UsageRow>(sql`
    select ch.video_id, l.id as lesson_id, l.title as lesson_title, l.is_published as lesson_is_published,
           c.id as course_id, c.title as course_title, ch.title as chunk_title
    from chunks ch join lessons l on l.id = ch.lesson_id join courses c on c.id = l.course_id
    where ch.video_id in (${sql.join(videoIds, sql`, `)})
    order by c.title, l.title, ch.index`);
  return rows;
}

/** Videos played by a course's lessons, in course order of first use. */
export async function videosOfCourse(db: Executor, courseId: number): Promise<VideoRow[]> {
  const { rows } = await db.execute<VideoRow>(sql`
    select ${videoColumns} from videos v
    where v.id in (select ch.video_id from chunks ch join lessons l on l.id = ch.lesson_id where l.course_id = ${courseId})
    order by (select min(ch.lesson_id * 1000 + ch.index) from chunks ch join lessons l on l.id = ch.lesson_id
              where ch.video_id = v.id and l.course_id = ${courseId}), v.id`);
  return rows;
}

export type CaptionCourseRow = {
  course_id: number;
  course_title: string;
  year_published: number;
  caption_state: string;
  videos: number;
};

/** Per course: how many of its videos are in each caption state. */
export async function captionCountsByCourse(db: Executor): Promise<CaptionCourseRow[]> {
  const { rows } = await db.execute<CaptionCourseRow>(sql`
    with used as (
      select distinct l.course_id, ch.video_id from chunks ch join lessons l on l.id = ch.lesson_id
    ), states as (
      select u.course_id, u.video_id,
        coalesce(
          (select ct.status from caption_tracks ct where ct.video_id = u.video_id
           order by (ct.srclang = 'en') desc, ct.id limit 1),
          case when exists (select 1 from caption_orders o where o.video_id = u.video_id) then 'requested' else 'none' end
        ) as caption_state
      from used u
    )
    select c.id as course_id, c.title as course_title, c.year_published, s.caption_state, count(*)::int as videos
    from states s join courses c on c.id = s.course_id
    group by c.id, c.title, c.year_published, s.caption_state
    order by c.year_published desc, c.title, c.id`);
  return rows;
}

export type TrackRow = {
  id: number;
  video_id: number;
  label: string;
  srclang: string;
  status: 'draft' | 'in_review' | 'changes_requested' | 'approved';
  content: string | null;
  cue_count: number;
  storage_key: string | null;
  author_user_id: number | null;
  author_name: string | null;
  reviewer_name: string | null;
  review_comment: string | null;
  version: number;
  updated_at: Date;
};

const trackColumns = sql`
  ct.id, ct.video_id, ct.label, ct.srclang, ct.status, ct.content, ct.cue_count, ct.storage_key, ct.author_user_id,
  nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '') as author_name,
  nullif(trim(coalesce(r.first_name, '') || ' ' || coalesce(r.last_name, '')), '') as reviewer_name,
  ct.review_comment, ct.version, ct.updated_at`;

export async function tracksOfVideos(db: Executor, videoIds: number[]): Promise<TrackRow[]> {
  if (!videoIds.length) return [];
  const { rows } = await db.execute<TrackRow>(sql`
    select ${trackColumns} from caption_tracks ct
    left join users a on a.id = ct.author_user_id left join users r on r.id = ct.reviewer_user_id
    where ct.video_id in (${sql.join(videoIds, sql`, `)})
    order by ct.video_id, (ct.srclang = 'en') desc, ct.id`);
  return rows;
}

export async function findTrack(db: Executor, trackId: number, forUpdate = false): Promise<TrackRow | null> {
  const { rows } = await db.execute<TrackRow>(sql`
    select ${trackColumns} from caption_tracks ct
    left join users a on a.id = ct.author_user_id left join users r on r.id = ct.reviewer_user_id
    where ct.id = ${trackId} ${forUpdate ? sql`for update of ct` : sql``}`);
  return rows[0] ?? null;
}

export async function findTrackOfVideo(db: Executor, videoId: number, srclang: string) {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from caption_tracks where video_id = ${videoId} and srclang = ${srclang} for update`);
  return rows[0] ?? null;
}

export type OrderRow = {
  id: number;
  video_id: number;
  requested_at: Date;
  requested_by: string | null;
  note: string;
};

export async function ordersOfCourse(db: Executor, courseId: number): Promise<OrderRow[]> {
  const { rows } = await db.execute<OrderRow>(sql`
    select o.id, o.video_id, o.requested_at, o.note,
           nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as requested_by
    from caption_orders o left join users u on u.id = o.requested_by
    where o.course_id = ${courseId} order by o.id`);
  return rows;
}

/** Courses with captions waiting for review. */
export async function reviewCounts(db: Executor) {
  const { rows } = await db.execute<{ course_id: number; course_title: string; in_review: number }>(sql`
    select c.id as course_id, c.title as course_title, count(distinct ct.id)::int as in_review
    from caption_tracks ct
    join chunks ch on ch.video_id = ct.video_id join lessons l on l.id = ch.lesson_id join courses c on c.id = l.course_id
    where ct.status = 'in_review'
    group by c.id, c.title order by c.title, c.id`);
  return rows;
}
