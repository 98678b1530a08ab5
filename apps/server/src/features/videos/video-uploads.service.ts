import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  VIDEO_CHUNK_BYTES,
  videoPartSize,
  type StartVideoUploadBody,
  type VideoContentType,
  type VideoPartUrls,
  type VideoUploadStatus,
} from '@banksia/contracts/videos';
import { eq, sql } from 'drizzle-orm';
import { videos, videoUploads } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { S3_PRESIGN_TTL_SECONDS, type MultipartPart, type S3Storage } from '../../platform/s3-storage';
import { deleteFiles, s3StorageFor, storageFor, type WarningLog } from '../../platform/storage';
import { readVideoDuration, readVideoDurationFrom, type VideoReader } from './video-duration';
import { getVideo, videoOr404 } from './videos.service';

/**
 * Video uploads (ADR 034, ADR 038): resumable chunks through the app server when files stay on the local disk; with
 * S3, a multipart upload the browser sends straight to the bucket with part URLs the app signs.
 */

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', undefined, { errors: { [field]: [message] } });
}

type UploadRow = typeof videoUploads.$inferSelect;

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

/** A new storage key for a video file of this type. */
function newVideoKey(contentType: string): string {
  return `videos/${randomBytes(8).toString('hex')}.${contentType === 'video/mp4' ? 'mp4' : 'webm'}`;
}

/** An upload straight to S3: its multipart upload and the key its file will have. */
interface DirectUpload {
  s3: S3Storage;
  key: string;
  s3UploadId: string;
}

/**
 * The S3 side of an upload that goes straight to the bucket, or null for one sent to the app in chunks. An upload
 * started with S3 cannot go on once S3 is no longer configured.
 */
function directUpload(deps: Pick<AppDeps, 'config'>, row: UploadRow): DirectUpload | null {
  if (!row.s3UploadId || !row.storageKey) return null;
  const s3 = s3StorageFor(deps.config, 'public');
  if (!s3) throw new AppError('conflict', 'This upload went to S3, which is no longer configured: start it again.');
  return { s3, key: row.storageKey, s3UploadId: row.s3UploadId };
}

/** The parts of an upload straight to S3: their size (the last one is shorter), and how many. */
function partPlan(size: number) {
  const partSize = videoPartSize(size);
  const count = Math.ceil(size / partSize);
  return { partSize, count, sizeOf: (n: number) => (n < count ? partSize : size - (count - 1) * partSize) };
}

/**
 * Where an upload straight to S3 stands, as the bucket says (never the browser): the parts it holds whole, or
 * `completed` when its file was already made (a completion that failed after S3 had made the file), or `gone`.
 */
async function directState(
  direct: DirectUpload,
  row: UploadRow,
): Promise<{ parts: MultipartPart[] } | 'completed' | 'gone'> {
  const listed = await direct.s3.listParts(direct.key, direct.s3UploadId);
  if (listed === null) {
    const file = await direct.s3.head(direct.key);
    return file && file.size === row.sizeBytes ? 'completed' : 'gone';
  }
  // A part of another size than planned (cut short, or sent by something other than this app's page) is not done:
  // the browser sends it again.
  const { count, sizeOf } = partPlan(row.sizeBytes);
  return { parts: listed.filter((p) => p.partNumber <= count && p.size === sizeOf(p.partNumber)) };
}

function presentUpload(row: UploadRow, done?: readonly number[]): VideoUploadStatus {
  if (!row.s3UploadId) {
    return {
      upload_id: row.id,
      size: row.sizeBytes,
      received: row.receivedBytes,
      chunk_size: VIDEO_CHUNK_BYTES,
      mode: 'server',
    };
  }
  const { partSize, sizeOf } = partPlan(row.sizeBytes);
  const parts = [...(done ?? [])].sort((a, b) => a - b);
  return {
    upload_id: row.id,
    size: row.sizeBytes,
    received: parts.reduce((sum, n) => sum + sizeOf(n), 0),
    chunk_size: partSize,
    mode: 's3',
    part_size: partSize,
    parts_done: parts,
  };
}

async function uploadOf(db: Executor, actor: Actor, uploadId: string, forUpdate = false) {
  const query = db.select().from(videoUploads).where(eq(videoUploads.id, uploadId));
  const [row] = forUpdate ? await query.for('update') : await query;
  // Another person's upload is as good as missing: only its starter may continue it.
  if (!row || row.userId !== actor.userId) throw new AppError('not_found', 'No such upload: start it again.');
  return row;
}

/** Throws away what an ended upload left: its part file, or its S3 multipart upload and any file made from it. */
async function discardUpload(deps: AppDeps, row: UploadRow, log: WarningLog): Promise<void> {
  if (!row.s3UploadId || !row.storageKey) {
    await rm(partPath(deps, row.id), { force: true });
    return;
  }
  const s3 = s3StorageFor(deps.config, 'public');
  if (!s3) {
    log.warn(
      { uploadId: row.id },
      'a video upload to S3 was ended without S3 configured: its parts stay in the bucket',
    );
    return;
  }
  try {
    await s3.abortMultipartUpload(row.storageKey, row.s3UploadId);
  } catch (err) {
    log.warn({ err, uploadId: row.id }, 'could not abort a multipart upload');
  }
  await deleteFiles(s3, [row.storageKey], log);
}

/** Ends an upload (its row, then its bytes), when its file is refused or it is cancelled. */
async function endUpload(deps: AppDeps, row: UploadRow, log: WarningLog): Promise<void> {
  const [ended] = await deps.db.delete(videoUploads).where(eq(videoUploads.id, row.id)).returning();
  if (ended) await discardUpload(deps, ended, log);
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
  const values = {
    id,
    videoId: body.video_id,
    userId: actor.userId,
    title: body.title ?? '',
    fileName: body.file_name,
    contentType: body.content_type,
    sizeBytes: body.size,
    duration: Math.max(1, Math.round(body.duration)),
    createdAt: deps.clock.now(),
  };
  const s3 = s3StorageFor(deps.config, 'public');
  if (s3) {
    // Straight to the bucket: the file's key is chosen now, and the browser PUTs its parts to presigned URLs.
    const storageKey = newVideoKey(body.content_type);
    const s3UploadId = await s3.createMultipartUpload(storageKey, body.content_type);
    try {
      const [row] = await deps.db
        .insert(videoUploads)
        .values({ ...values, s3UploadId, storageKey })
        .returning();
      return presentUpload(row!, []);
    } catch (err) {
      await s3.abortMultipartUpload(storageKey, s3UploadId).catch(() => undefined);
      throw err;
    }
  }
  await mkdir(uploadsDir(deps), { recursive: true });
  // An empty part file from the start, so resuming always has something to measure.
  await (await open(partPath(deps, id), 'w')).close();
  const [row] = await deps.db.insert(videoUploads).values(values).returning();
  return presentUpload(row!);
}

/**
 * GET api:admin-video-upload: how much the server holds, to resume from there; for an upload straight to S3, the
 * parts the bucket holds (S3's ListParts), which a reloaded page does not send again.
 */
export async function uploadStatus(
  deps: AppDeps,
  actor: Actor,
  uploadId: string,
  log: WarningLog,
): Promise<VideoUploadStatus> {
  const row = await uploadOf(deps.db, actor, uploadId);
  const direct = directUpload(deps, row);
  if (!direct) return presentUpload(row);
  const state = await directState(direct, row);
  if (state === 'gone') {
    // Aborted or expired in the bucket (a lifecycle rule): nothing to go on with.
    await endUpload(deps, row, log);
    throw new AppError('not_found', 'No such upload: start it again.');
  }
  const { count } = partPlan(row.sizeBytes);
  const all = Array.from({ length: count }, (_, i) => i + 1);
  return presentUpload(row, state === 'completed' ? all : state.parts.map((p) => p.partNumber));
}

/**
 * POST api:admin-video-upload-parts: presigned URLs the browser PUTs these parts to, straight to the bucket (the
 * bytes never pass through the app). They last S3_PRESIGN_TTL_SECONDS from now; the browser asks again after that.
 */
export async function presignParts(
  deps: AppDeps,
  actor: Actor,
  uploadId: string,
  partNumbers: readonly number[],
): Promise<VideoPartUrls> {
  const row = await uploadOf(deps.db, actor, uploadId);
  const direct = directUpload(deps, row);
  if (!direct) {
    throw new AppError('conflict', 'This upload is sent to the app in chunks, not to S3: PUT the chunks to it.');
  }
  const { count } = partPlan(row.sizeBytes);
  const beyond = partNumbers.find((n) => n > count);
  if (beyond !== undefined) {
    throw invalid(
      'part_numbers',
      `This upload has ${count} part${count === 1 ? '' : 's'}: there is no part ${beyond}.`,
    );
  }
  const signed = deps.clock.now();
  const parts = await Promise.all(
    [...new Set(partNumbers)].map(async (n) => ({
      part_number: n,
      url: await direct.s3.presignUploadPart(direct.key, direct.s3UploadId, n, signed),
    })),
  );
  return { parts, expires_at: new Date(signed.getTime() + S3_PRESIGN_TTL_SECONDS * 1000).toISOString() };
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
    if (row.s3UploadId) {
      throw new AppError('conflict', 'This upload goes straight to S3: ask for its part URLs and PUT the parts there.');
    }
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

function unreadableLength(contentType: VideoContentType): AppError {
  return invalid(
    'file',
    `The length of this video could not be read from the file: it is not a complete ${
      contentType === 'video/mp4' ? 'MP4' : 'WebM'
    } video, or its header states no duration. Export it again and upload the new file.`,
  );
}

/**
 * The finished file of an upload sent in chunks: its length read from the part file, then the part file streamed
 * into storage under a new key. A file whose container cannot be read is refused, and its upload ended.
 */
async function storeChunkedUpload(
  deps: AppDeps,
  row: UploadRow,
  log: WarningLog,
): Promise<{ key: string; duration: number }> {
  if (row.receivedBytes !== row.sizeBytes) {
    throw new AppError('conflict', `The upload is not finished: ${row.receivedBytes} of ${row.sizeBytes} bytes.`, {
      headers: { 'upload-offset': String(row.receivedBytes) },
    });
  }
  const part = partPath(deps, row.id);
  const onDisk = await stat(part).catch(() => null);
  if (!onDisk || onDisk.size !== row.sizeBytes || onDisk.size > MAX_VIDEO_BYTES) {
    throw new AppError('conflict', 'The uploaded file is incomplete: start the upload again.');
  }
  // The length students see is the file's own, read here: the browser's number (from its <video> element) is only
  // what the upload was started with.
  const contentType = row.contentType as VideoContentType;
  const seconds = await readVideoDuration(part, contentType);
  if (seconds === null || seconds > MAX_VIDEO_SECONDS) {
    await endUpload(deps, row, log);
    throw seconds === null ? unreadableLength(contentType) : invalid('file', 'The video is longer than 4 hours.');
  }
  const key = newVideoKey(row.contentType);
  await storageFor(deps.config).put(key, createReadStream(part), row.contentType);
  return { key, duration: Math.max(1, Math.round(seconds)) };
}

/** Reads an object in the bucket with ranged GETs, for its first bytes and its container's length. */
function s3VideoReader(s3: S3Storage, key: string, size: number): VideoReader {
  return {
    size,
    read: async (offset, length) => {
      const end = Math.min(size, offset + length) - 1;
      return end < offset ? new Uint8Array(0) : s3.readRange(key, offset, end);
    },
  };
}

/**
 * The finished file of an upload straight to S3. The server lists the parts the bucket holds (the browser's word is
 * not taken for them, nor its ETags), checks every part is there whole and they add up to the declared size, has S3
 * make the file (CompleteMultipartUpload), then checks its first bytes and reads its length with ranged GETs. A
 * file that is not the declared video, or whose length cannot be read, is deleted and its upload ended (400 on
 * `file`). Completing again after a failure past CompleteMultipartUpload goes on from the file S3 made.
 */
async function completeDirectUpload(
  deps: AppDeps,
  row: UploadRow,
  direct: DirectUpload,
  log: WarningLog,
): Promise<{ key: string; duration: number }> {
  const { s3, key } = direct;
  const state = await directState(direct, row);
  if (state === 'gone') {
    await endUpload(deps, row, log);
    throw new AppError('not_found', 'No such upload: start it again.');
  }
  if (state !== 'completed') {
    const { count, sizeOf } = partPlan(row.sizeBytes);
    const received = state.parts.reduce((sum, p) => sum + p.size, 0);
    if (state.parts.length !== count || received !== row.sizeBytes) {
      const missing = count - state.parts.length;
      throw new AppError(
        'conflict',
        `The upload is not finished: ${received} of ${row.sizeBytes} bytes are in storage (${missing} of ${count} part${
          count === 1 ? '' : 's'
        } missing).`,
      );
    }
    // Parts are only those listed whole, in order: 1..count, each of its planned size.
    if (state.parts.some((p, i) => p.partNumber !== i + 1 || p.size !== sizeOf(i + 1))) {
      throw new AppError('conflict', 'The upload is not finished: its parts do not make up the file. Upload it again.');
    }
    try {
      await s3.completeMultipartUpload(key, direct.s3UploadId, state.parts);
    } catch (err) {
      // Completed meanwhile by another request for this upload: go on with the file S3 made.
      if (!(await s3.head(key))) throw err;
    }
  }
  const contentType = row.contentType as VideoContentType;
  const file = await s3.head(key);
  if (!file || file.size !== row.sizeBytes) {
    await endUpload(deps, row, log);
    throw new AppError('conflict', 'The uploaded file is incomplete: start the upload again.');
  }
  const reader = s3VideoReader(s3, key, file.size);
  const head = Buffer.from(await reader.read(0, 16));
  if (!looksLikeVideo(head, contentType)) {
    await endUpload(deps, row, log);
    throw invalid('file', `This file is not ${contentType === 'video/mp4' ? 'an MP4' : 'a WebM'} video.`);
  }
  const seconds = await readVideoDurationFrom(reader, contentType);
  if (seconds === null || seconds > MAX_VIDEO_SECONDS) {
    await endUpload(deps, row, log);
    throw seconds === null ? unreadableLength(contentType) : invalid('file', 'The video is longer than 4 hours.');
  }
  return { key, duration: Math.max(1, Math.round(seconds)) };
}

/**
 * POST api:admin-video-upload-complete: once every byte is in, the file is in storage (moved there from the app's
 * disk, or made by S3 from the parts) and the video row is made (or, for a replacement, points at the new file and
 * takes its duration; the old file is deleted). The length stored is the one read from the file, never the browser's.
 */
export async function completeUpload(deps: AppDeps, actor: Actor, uploadId: string, ip: string, log: WarningLog) {
  const row = await uploadOf(deps.db, actor, uploadId);
  const direct = directUpload(deps, row);
  const { key, duration } = direct
    ? await completeDirectUpload(deps, row, direct, log)
    : await storeChunkedUpload(deps, row, log);
  const storage = storageFor(deps.config);
  let oldKey: string | null = null;
  let videoId: number;
  let claimLost = false;
  try {
    videoId = await deps.db.transaction(async (tx) => {
      const claimed = await tx.delete(videoUploads).where(eq(videoUploads.id, uploadId)).returning();
      if (!claimed.length) {
        claimLost = true;
        throw new AppError('conflict', 'This upload was already finished.');
      }
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
    // A chunked upload's copy under its new key is this request's own. A direct upload's file has the key chosen at
    // its start: another request may have finished the upload with it, or a retry will (the upload row stays); once
    // the upload is over (its row gone) and no video has the file, nothing ever will.
    if (!direct) await deleteFiles(storage, [key], log);
    else if (claimLost) {
      const [used] = await deps.db.select({ id: videos.id }).from(videos).where(eq(videos.storageKey, key));
      if (!used) await deleteFiles(storage, [key], log);
    }
    throw err;
  }
  if (!direct) await rm(partPath(deps, uploadId), { force: true });
  if (oldKey && oldKey !== key) await deleteFiles(storage, [oldKey], log);
  return getVideo(deps, videoId);
}

/** DELETE api:admin-video-upload: gives up an upload and its part file, or its S3 multipart upload. */
export async function cancelUpload(deps: AppDeps, actor: Actor, uploadId: string, log: WarningLog) {
  await endUpload(deps, await uploadOf(deps.db, actor, uploadId), log);
}

/**
 * Uploads left unfinished for a day are removed with their part files or S3 multipart uploads (called by the
 * cleanup job).
 */
export async function removeAbandonedUploads(deps: AppDeps, log: WarningLog): Promise<number> {
  const stale = await deps.db
    .delete(videoUploads)
    .where(sql`${videoUploads.createdAt} < ${new Date(deps.clock.now().getTime() - 24 * 3600_000)}`)
    .returning();
  for (const row of stale) await discardUpload(deps, row, log);
  return stale.length;
}
