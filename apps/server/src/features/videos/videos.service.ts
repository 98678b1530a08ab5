import type { VideoSummary } from '@banksia/contracts/videos';
import { eq } from 'drizzle-orm';
import { videos } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { deleteFiles, storageFor, type WarningLog } from '../../platform/storage';
import * as repo from './videos.repository';

/**
 * The video library (ADR 034): video files kept by the storage adapter, uploaded through
 * video-uploads.service.ts (chunks through the app, or parts straight to S3: ADR 038). Hosted videos made before the
 * library (seed data) are listed too, but only stored files can be replaced.
 */

export function presentVideo(deps: Pick<AppDeps, 'config'>, row: repo.VideoRow, usage: repo.UsageRow[]): VideoSummary {
  return {
    id: row.id,
    title: row.title || (row.file_name ?? (row.storage_key ?? '').split('/').pop() ?? `Video ${row.id}`),
    kind: row.kind,
    url: row.kind === 'file' && row.storage_key ? storageFor(deps.config).publicUrl(row.storage_key) : null,
    provider: row.provider,
    hosted_id: row.hosted_id,
    file_name: row.file_name,
    content_type: row.content_type,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    duration: row.duration,
    caption_state: row.caption_state as VideoSummary['caption_state'],
    used_in: usage.filter((u) => u.video_id === row.id).map(({ video_id: _, ...u }) => u),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function presentVideos(deps: AppDeps, rows: repo.VideoRow[], db: Executor = deps.db) {
  const usage = await repo.usageOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentVideo(deps, r, usage));
}

export async function listVideos(deps: AppDeps, q: string | undefined) {
  return { videos: await presentVideos(deps, await repo.listVideos(deps.db, q)) };
}

export async function videoOr404(db: Executor, videoId: number, forUpdate = false) {
  const row = await repo.findVideo(db, videoId, forUpdate);
  if (!row) throw new AppError('not_found', 'No such video.');
  return row;
}

export async function getVideo(deps: AppDeps, videoId: number, db: Executor = deps.db) {
  const row = await videoOr404(db, videoId);
  return { video: (await presentVideos(deps, [row], db))[0]! };
}

export async function renameVideo(deps: AppDeps, actor: Actor, videoId: number, title: string, ip: string) {
  return deps.db.transaction(async (tx) => {
    const before = await videoOr404(tx, videoId, true);
    await tx.update(videos).set({ title, updatedAt: deps.clock.now() }).where(eq(videos.id, videoId));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rename_video',
      entityType: 'video',
      entityId: videoId,
      before: { title: before.title },
      after: { title },
      ip,
    });
    return getVideo(deps, videoId, tx);
  });
}

/** Deletes a video no lesson plays; refused (409, naming the lessons) while any lesson's part plays it. */
export async function deleteVideo(deps: AppDeps, actor: Actor, videoId: number, ip: string, log: WarningLog) {
  const key = await deps.db.transaction(async (tx) => {
    const row = await videoOr404(tx, videoId, true);
    const usage = await repo.usageOf(tx, [videoId]);
    const published = usage.filter((u) => u.lesson_is_published);
    if (published.length) {
      throw new AppError(
        'conflict',
        `This video is used by ${published.length === 1 ? 'a published lesson' : `${published.length} published lessons`}: ` +
          `${names(published)}. Choose another video for ${published.length === 1 ? 'that part' : 'those parts'} or unpublish the lesson first.`,
      );
    }
    if (usage.length) {
      throw new AppError(
        'conflict',
        `This video is used by draft lessons: ${names(usage)}. Remove it from their parts first.`,
      );
    }
    await tx.delete(videos).where(eq(videos.id, videoId));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'delete_video',
      entityType: 'video',
      entityId: videoId,
      before: { title: row.title, storage_key: row.storage_key, kind: row.kind },
      ip,
    });
    return row.storage_key;
  });
  if (key) await deleteFiles(storageFor(deps.config), [key], log);
}

function names(usage: repo.UsageRow[]): string {
  const titles = [...new Set(usage.map((u) => `${u.lesson_title} (${u.course_title})`))];
  return titles.length > 3 ? `${titles.slice(0, 3).join(', ')} and ${titles.length - 3} more` : titles.join(', ');
}
