import { randomBytes } from 'node:crypto';
import type {
  CaptionCourses,
  CaptionReviewBody,
  CaptionReviewQueue,
  CaptionState,
  CaptionTrack,
  CourseCaptions,
  SaveCaptionsBody,
} from '@banksia/contracts/videos';
import { captionStates } from '@banksia/contracts/videos';
import { and, eq, sql } from 'drizzle-orm';
import { captionOrders, captionTracks, courses } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { deleteFiles, storageFor, type WarningLog } from '../../platform/storage';
import { parseCaptions } from './caption-format';
import * as repo from './videos.repository';
import { presentVideos } from './videos.service';

/**
 * Captions: staff upload or edit a working copy (WebVTT or SRT, checked with line numbers), send it for review, and a
 * second person approves it or sends it back. Approval writes the copy to storage; students get only that file.
 */

export const STALE_CAPTIONS = 'Someone else changed these captions since you opened them. Reload to see their changes.';

function presentTrack(row: repo.TrackRow): CaptionTrack {
  const content = row.content ?? '';
  const parsed = content ? parseCaptions(content, 'vtt') : null;
  return {
    id: row.id,
    video_id: row.video_id,
    label: row.label,
    srclang: row.srclang,
    status: row.status,
    content,
    cues: parsed?.ok ? parsed.value.cues : [],
    cue_count: row.cue_count,
    has_published: row.storage_key !== null,
    author_user_id: row.author_user_id,
    author_name: row.author_name,
    reviewer_name: row.reviewer_name,
    review_comment: row.review_comment,
    version: row.version,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

async function courseOr404(db: Executor, courseId: number) {
  const [course] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw new AppError('not_found', 'No such course.');
  return course;
}

async function trackOr404(db: Executor, trackId: number, forUpdate = false) {
  const row = await repo.findTrack(db, trackId, forUpdate);
  if (!row) throw new AppError('not_found', 'No such captions.');
  return row;
}

/** GET api:admin-captions: every course that plays videos, with its videos counted by caption state. */
export async function captionCourses(deps: AppDeps): Promise<CaptionCourses> {
  const rows = await repo.captionCountsByCourse(deps.db);
  const byCourse = new Map<number, CaptionCourses['courses'][number]>();
  for (const r of rows) {
    let c = byCourse.get(r.course_id);
    if (!c) {
      c = {
        course_id: r.course_id,
        course_title: r.course_title,
        year_published: r.year_published,
        video_count: 0,
        counts: Object.fromEntries(captionStates.map((s) => [s, 0])) as Record<CaptionState, number>,
      };
      byCourse.set(r.course_id, c);
    }
    c.video_count += r.videos;
    c.counts[r.caption_state as CaptionState] += r.videos;
  }
  return { courses: [...byCourse.values()] };
}

function orderStatus(track: repo.TrackRow | undefined) {
  if (!track) return 'requested' as const;
  if (track.status === 'approved') return 'published' as const;
  if (track.status === 'in_review') return 'in_review' as const;
  return 'drafted' as const;
}

/** GET api:admin-course-captions: the course's videos, each with its captions and any caption order. */
export async function courseCaptions(deps: AppDeps, courseId: number): Promise<CourseCaptions> {
  const course = await courseOr404(deps.db, courseId);
  const videoRows = await repo.videosOfCourse(deps.db, courseId);
  const ids = videoRows.map((v) => v.id);
  const [videoList, tracks, orders] = await Promise.all([
    presentVideos(deps, videoRows),
    repo.tracksOfVideos(deps.db, ids),
    repo.ordersOfCourse(deps.db, courseId),
  ]);
  return {
    course,
    videos: videoList.map((video) => {
      const track = tracks.find((t) => t.video_id === video.id);
      const order = orders.find((o) => o.video_id === video.id);
      return {
        video,
        lessons: video.used_in
          .filter((u) => u.course_id === courseId)
          .map((u) => ({ lesson_id: u.lesson_id, lesson_title: u.lesson_title, chunk_title: u.chunk_title })),
        track: track ? presentTrack(track) : null,
        order: order
          ? {
              id: order.id,
              status: orderStatus(track),
              requested_at: new Date(order.requested_at).toISOString(),
              requested_by: order.requested_by,
              note: order.note,
            }
          : null,
      };
    }),
  };
}

/** GET api:admin-caption-track. */
export async function getTrack(deps: AppDeps, trackId: number, db: Executor = deps.db) {
  return { track: presentTrack(await trackOr404(db, trackId)) };
}

/**
 * PUT api:admin-video-captions: uploads or edits the working copy of a video's captions in a language. The file is
 * checked first (400 with every problem and its line); the copy becomes a draft by its saver, whatever its state was;
 * students keep the last approved copy meanwhile.
 */
export async function saveCaptions(deps: AppDeps, actor: Actor, videoId: number, body: SaveCaptionsBody, ip: string) {
  const parsed = parseCaptions(body.text, body.format);
  if (!parsed.ok) {
    throw new AppError('validation_failed', 'The captions have problems.', {
      errors: { text: parsed.problems.map((p) => `Line ${p.line}: ${p.message}`) },
    });
  }
  return deps.db.transaction(async (tx) => {
    const video = await repo.findVideo(tx, videoId, true);
    if (!video) throw new AppError('not_found', 'No such video.');
    const existing = await repo.findTrackOfVideo(tx, videoId, body.srclang);
    const values = {
      label: body.label,
      content: parsed.value.vtt,
      cueCount: parsed.value.cues.length,
      status: 'draft' as const,
      authorUserId: actor.userId,
      reviewerUserId: null,
      reviewComment: null,
      updatedAt: deps.clock.now(),
    };
    let trackId: number;
    if (existing) {
      if (body.version === undefined) {
        throw new AppError('conflict', 'This video already has captions in that language: edit them instead.');
      }
      const updated = await tx
        .update(captionTracks)
        .set({ ...values, version: sql`${captionTracks.version} + 1` })
        .where(and(eq(captionTracks.id, existing.id), eq(captionTracks.version, body.version)))
        .returning({ id: captionTracks.id });
      if (!updated.length) throw new AppError('conflict', STALE_CAPTIONS);
      trackId = existing.id;
    } else {
      const [made] = await tx
        .insert(captionTracks)
        .values({ ...values, videoId, srclang: body.srclang, isDefault: true })
        .returning({ id: captionTracks.id });
      trackId = made!.id;
    }
    await audit(tx, {
      actorUserId: actor.userId,
      action: existing ? 'edit_captions' : 'upload_captions',
      entityType: 'caption_track',
      entityId: trackId,
      after: { video_id: videoId, srclang: body.srclang, cues: parsed.value.cues.length, format: body.format },
      ip,
    });
    return getTrack(deps, trackId, tx);
  });
}

/** POST api:admin-caption-submit: a draft (or one sent back) goes for review. */
export async function submitForReview(deps: AppDeps, actor: Actor, trackId: number, version: number, ip: string) {
  return deps.db.transaction(async (tx) => {
    const track = await trackOr404(tx, trackId, true);
    if (track.version !== version) throw new AppError('conflict', STALE_CAPTIONS);
    if (track.status !== 'draft' && track.status !== 'changes_requested') {
      throw new AppError(
        'conflict',
        track.status === 'in_review' ? 'These captions are already in review.' : 'These captions are already approved.',
      );
    }
    await tx
      .update(captionTracks)
      .set({ status: 'in_review', version: track.version + 1, updatedAt: deps.clock.now() })
      .where(eq(captionTracks.id, trackId));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'submit_captions',
      entityType: 'caption_track',
      entityId: trackId,
      before: { status: track.status },
      after: { status: 'in_review' },
      ip,
    });
    return getTrack(deps, trackId, tx);
  });
}

/**
 * POST api:admin-caption-review: approve (the copy is written to storage and becomes what students get) or send
 * back with a comment. The person who last changed the copy may not approve it (403).
 */
export async function reviewCaptions(
  deps: AppDeps,
  actor: Actor,
  trackId: number,
  body: CaptionReviewBody,
  ip: string,
  log: WarningLog,
) {
  const storage = storageFor(deps.config);
  let written: string | null = null;
  let replaced: string | null = null;
  try {
    const result = await deps.db.transaction(async (tx) => {
      const track = await trackOr404(tx, trackId, true);
      if (track.version !== body.version) throw new AppError('conflict', STALE_CAPTIONS);
      if (track.status !== 'in_review') throw new AppError('conflict', 'These captions are not waiting for review.');
      if (body.decision === 'approve' && track.author_user_id === actor.userId) {
        throw new AppError('forbidden', 'You wrote these captions: someone else must approve them.');
      }
      const now = deps.clock.now();
      if (body.decision === 'approve') {
        written = `captions/video-${track.video_id}/${track.srclang}-${randomBytes(6).toString('hex')}.vtt`;
        await storage.put(written, track.content ?? '', 'text/vtt');
        replaced = track.storage_key;
        await tx
          .update(captionTracks)
          .set({
            status: 'approved',
            storageKey: written,
            reviewerUserId: actor.userId,
            reviewComment: null,
            version: track.version + 1,
            updatedAt: now,
          })
          .where(eq(captionTracks.id, trackId));
      } else {
        await tx
          .update(captionTracks)
          .set({
            status: 'changes_requested',
            reviewerUserId: actor.userId,
            reviewComment: body.comment,
            version: track.version + 1,
            updatedAt: now,
          })
          .where(eq(captionTracks.id, trackId));
      }
      await audit(tx, {
        actorUserId: actor.userId,
        action: body.decision === 'approve' ? 'approve_captions' : 'send_back_captions',
        entityType: 'caption_track',
        entityId: trackId,
        before: { status: track.status, storage_key: track.storage_key },
        after: {
          status: body.decision === 'approve' ? 'approved' : 'changes_requested',
          ...(body.decision === 'send_back' && { comment: body.comment }),
          ...(written && { storage_key: written }),
        },
        ip,
      });
      return getTrack(deps, trackId, tx);
    });
    if (replaced) await deleteFiles(storage, [replaced], log);
    return result;
  } catch (err) {
    if (written) await deleteFiles(storage, [written], log);
    throw err;
  }
}

/** GET api:admin-caption-review: courses with captions waiting for review. */
export async function reviewCourses(deps: AppDeps) {
  return { courses: await repo.reviewCounts(deps.db) };
}

/** GET api:admin-caption-review-course: the course's captions waiting for review, with their videos. */
export async function reviewQueue(deps: AppDeps, courseId: number): Promise<CaptionReviewQueue> {
  const course = await courseOr404(deps.db, courseId);
  const videoRows = await repo.videosOfCourse(deps.db, courseId);
  const tracks = (
    await repo.tracksOfVideos(
      deps.db,
      videoRows.map((v) => v.id),
    )
  ).filter((t) => t.status === 'in_review');
  const videoList = await presentVideos(
    deps,
    videoRows.filter((v) => tracks.some((t) => t.video_id === v.id)),
  );
  return {
    course,
    items: tracks.map((t) => ({ video: videoList.find((v) => v.id === t.video_id)!, track: presentTrack(t) })),
  };
}

/** POST api:admin-caption-orders: asks for captions for the course's videos (those given, or every one without). */
export async function orderCaptions(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  body: { video_ids: number[]; note: string },
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    await courseOr404(tx, courseId);
    const videoRows = await repo.videosOfCourse(tx, courseId);
    const ofCourse = new Set(videoRows.map((v) => v.id));
    for (const [i, id] of body.video_ids.entries()) {
      if (!ofCourse.has(id)) {
        throw new AppError('validation_failed', undefined, {
          errors: { [`video_ids.${i}`]: ["This video is not in the course's lessons."] },
        });
      }
    }
    const wanted = body.video_ids.length
      ? body.video_ids
      : videoRows.filter((v) => v.caption_state === 'none').map((v) => v.id);
    if (!wanted.length) return { created: 0 };
    const made = await tx
      .insert(captionOrders)
      .values(
        wanted.map((videoId) => ({
          courseId,
          videoId,
          note: body.note,
          requestedBy: actor.userId,
          requestedAt: deps.clock.now(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: captionOrders.id, videoId: captionOrders.videoId });
    if (made.length) {
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'order_captions',
        entityType: 'course',
        entityId: courseId,
        after: { video_ids: made.map((m) => m.videoId), note: body.note },
        ip,
      });
    }
    return { created: made.length };
  });
}
