import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  VIDEO_CHUNK_BYTES,
  type StartVideoUploadBody,
  type VideoContentType,
  type VideoSummary,
  type VideoUploadStatus,
} from '@banksia/contracts/videos';
import { eq, sql } from 'drizzle-orm';
import { videos, videoUploads } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { deleteFiles, storageFor, type WarningLog } from '../../platform/storage';
import { readVideoDuration } from './video-duration';
import * as repo from './videos.repository';

/**
 * The video library (ADR 034): video files kept by the storage adapter, uploaded in resumable chunks. Hosted videos
 * made before the library (seed data) are listed too, but only stored files can be replaced.
 */

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', undefined, { errors: { [field]: [message] } });
}

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

async function videoOr404(db: Executor, videoId: number, forUpdate = false) {
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

// Uploads

/** Folder of the part files of uploads in progress (never served). */
function uploadsDir(deps: Pick<AppDeps, 'config'>): string {
  return path.join(deps.config.dataDir, 'video-uploads');
}
function partPath(deps: Pick<AppDeps, 'config'>, uploadId: string): string {
  return path.join(uploadsDir(deps), `${uploadId}.part`);
}

/** Whether the file's first bytes are those of its declared type: an MP4 `ftyp` box, or WebM's EBML header. */
export function looksLikeVideo(head: Buffer, contentType: VideoContentType): boolean {
  if (contentType === 'video/mp4') return head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp';
  return head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3;
}

function presentUpload(row: typeof videoUploads.$inferSelect): VideoUploadStatus {
  return { upload_id: row.id, size: row.sizeBytes, received: row.receivedBytes, chunk_size: VIDEO_CHUNK_BYTES };
}

async function uploadOf(db: Executor, actor: Actor, uploadId: string, forUpdate = false) {
  const query = db.select().from(videoUploads).where(eq(videoUploads.id, uploadId));
  const [row] = forUpdate ? await query.for('update') : await query;
  // Another person's upload is as good as missing: only its starter may continue it.
  if (!row || row.userId !== actor.userId) throw new AppError('not_found', 'No such upload: start it again.');
  return row;
}

/** POST api:admin-video-uploads: a new upload (of a new video, or a new file for an existing one). */
export async function startUpload(deps: AppDeps, actor: Actor, body: StartVideoUploadBody): Promise<VideoUploadStatus> {
  if (body.video_id !== null) {
    const video = await videoOr404(deps.db, body.video_id);
    if (video.kind !== 'file') throw invalid('video_id', 'Only a stored video file can be replaced.');
  } else if (!body.title) {
    throw invalid('title', 'This field may not be blank.');
  }
  const id = randomBytes(18).toString('base64url');
  await mkdir(uploadsDir(deps), { recursive: true });
  // An empty part file from the start, so resuming always has something to measure.
  await (await open(partPath(deps, id), 'w')).close();
  const [row] = await deps.db
    .insert(videoUploads)
    .values({
      id,
      videoId: body.video_id,
      userId: actor.userId,
      title: body.title ?? '',
      fileName: body.file_name,
      contentType: body.content_type,
      sizeBytes: body.size,
      duration: Math.max(1, Math.round(body.duration)),
      createdAt: deps.clock.now(),
    })
    .returning();
  return presentUpload(row!);
}

/** GET api:admin-video-upload: how much the server holds, to resume from there. */
export async function uploadStatus(deps: AppDeps, actor: Actor, uploadId: string): Promise<VideoUploadStatus> {
  return presentUpload(await uploadOf(deps.db, actor, uploadId));
}

/**
 * PUT api:admin-video-upload?offset=N: appends a chunk. The offset must be where the server's copy ends (a chunk
 * sent twice, or after a lost answer, is a 409 that tells the browser where to go on from); the row is locked while
 * the bytes are written, so two tabs cannot interleave.
 */
export async function appendChunk(
  deps: AppDeps,
  actor: Actor,
  uploadId: string,
  offset: number,
  bytes: Buffer,
): Promise<VideoUploadStatus> {
  return deps.db.transaction(async (tx) => {
    const row = await uploadOf(tx, actor, uploadId, true);
    if (offset !== row.receivedBytes) {
      throw new AppError('conflict', `The upload continues at byte ${row.receivedBytes}.`, {
        headers: { 'upload-offset': String(row.receivedBytes) },
      });
    }
    if (bytes.length === 0) throw invalid('body', 'The chunk is empty.');
    if (bytes.length > VIDEO_CHUNK_BYTES) throw invalid('body', `A chunk is at most ${VIDEO_CHUNK_BYTES} bytes.`);
    if (offset + bytes.length > row.sizeBytes) throw invalid('body', 'The chunk goes past the end of the file.');
    if (offset === 0 && !looksLikeVideo(bytes, row.contentType as VideoContentType)) {
      throw invalid('file', `This file is not ${row.contentType === 'video/mp4' ? 'an MP4' : 'a WebM'} video.`);
    }
    const file = await open(partPath(deps, uploadId), 'r+').catch(() => {
      throw new AppError('not_found', 'No such upload: start it again.');
    });
    try {
      // Written at the offset, not appended: a write cut short before the commit is overwritten by the retry.
      await file.write(bytes, 0, bytes.length, offset);
      await file.truncate(offset + bytes.length);
    } finally {
      await file.close();
    }
    const received = offset + bytes.length;
    await tx.update(videoUploads).set({ receivedBytes: received }).where(eq(videoUploads.id, uploadId));
    return presentUpload({ ...row, receivedBytes: received });
  });
}

/**
 * POST api:admin-video-upload-complete: once every byte is in, the file goes to storage under a new key and the
 * video row is made (or, for a replacement, points at the new file and takes its duration; the old file is deleted).
 */
export async function completeUpload(deps: AppDeps, actor: Actor, uploadId: string, ip: string, log: WarningLog) {
  const row = await uploadOf(deps.db, actor, uploadId);
  if (row.receivedBytes !== row.sizeBytes) {
    throw new AppError('conflict', `The upload is not finished: ${row.receivedBytes} of ${row.sizeBytes} bytes.`, {
      headers: { 'upload-offset': String(row.receivedBytes) },
    });
  }
  const part = partPath(deps, uploadId);
  const onDisk = await stat(part).catch(() => null);
  if (!onDisk || onDisk.size !== row.sizeBytes || onDisk.size > MAX_VIDEO_BYTES) {
    throw new AppError('conflict', 'The uploaded file is incomplete: start the upload again.');
  }
  // The length students see is the file's own, read here: the browser's number (from its <video> element) is only
  // what the upload was started with. A file whose container cannot be read is refused, and its upload ended.
  const contentType = row.contentType as VideoContentType;
  const seconds = await readVideoDuration(part, contentType);
  if (seconds === null) {
    await deps.db.delete(videoUploads).where(eq(videoUploads.id, uploadId));
    await rm(part, { force: true });
    throw invalid(
      'file',
      `The length of this video could not be read from the file: it is not a complete ${
        contentType === 'video/mp4' ? 'MP4' : 'WebM'
      } video, or its header states no duration. Export it again and upload the new file.`,
    );
  }
  if (seconds > MAX_VIDEO_SECONDS) {
    await deps.db.delete(videoUploads).where(eq(videoUploads.id, uploadId));
    await rm(part, { force: true });
    throw invalid('file', 'The video is longer than 4 hours.');
  }
  const duration = Math.max(1, Math.round(seconds));
  const extension = row.contentType === 'video/mp4' ? 'mp4' : 'webm';
  const key = `videos/${randomBytes(8).toString('hex')}.${extension}`;
  const storage = storageFor(deps.config);
  await storage.put(key, createReadStream(part), row.contentType);
  let oldKey: string | null = null;
  let videoId: number;
  try {
    videoId = await deps.db.transaction(async (tx) => {
      const claimed = await tx.delete(videoUploads).where(eq(videoUploads.id, uploadId)).returning();
      if (!claimed.length) throw new AppError('conflict', 'This upload was already finished.');
      const now = deps.clock.now();
      const file = {
        kind: 'file' as const,
        storageKey: key,
        contentType: row.contentType,
        sizeBytes: row.sizeBytes,
        fileName: row.fileName,
        duration,
        updatedAt: now,
      };
      if (row.videoId !== null) {
        const before = await videoOr404(tx, row.videoId, true);
        oldKey = before.storage_key;
        await tx.update(videos).set(file).where(eq(videos.id, row.videoId));
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'replace_video_file',
          entityType: 'video',
          entityId: row.videoId,
          before: { storage_key: before.storage_key, duration: before.duration, file_name: before.file_name },
          after: { storage_key: key, duration, file_name: row.fileName },
          ip,
        });
        return row.videoId;
      }
      const [made] = await tx
        .insert(videos)
        .values({ ...file, title: row.title, createdAt: now })
        .returning({ id: videos.id });
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'upload_video',
        entityType: 'video',
        entityId: made!.id,
        after: { title: row.title, storage_key: key, duration, size: row.sizeBytes },
        ip,
      });
      return made!.id;
    });
  } catch (err) {
    await deleteFiles(storage, [key], log);
    throw err;
  }
  await rm(part, { force: true });
  if (oldKey && oldKey !== key) await deleteFiles(storage, [oldKey], log);
  return getVideo(deps, videoId);
}

/** DELETE api:admin-video-upload: gives up an upload and its part file. */
export async function cancelUpload(deps: AppDeps, actor: Actor, uploadId: string) {
  await uploadOf(deps.db, actor, uploadId);
  await deps.db.delete(videoUploads).where(eq(videoUploads.id, uploadId));
  await rm(partPath(deps, uploadId), { force: true });
}

/** Part files of uploads left unfinished for a day are removed (called by the cleanup job). */
export async function removeAbandonedUploads(deps: AppDeps): Promise<number> {
  const stale = await deps.db
    .delete(videoUploads)
    .where(sql`${videoUploads.createdAt} < ${new Date(deps.clock.now().getTime() - 24 * 3600_000)}`)
    .returning({ id: videoUploads.id });
  await Promise.all(stale.map((s) => rm(partPath(deps, s.id), { force: true })));
  return stale.length;
}
