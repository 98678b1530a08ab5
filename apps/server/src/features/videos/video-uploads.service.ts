import { randomBytes } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import {
  VIDEO_CHUNK_BYTES,
  type StartVideoUploadBody,
  type VideoContentType,
  type VideoPartUrls,
  type VideoUploadStatus,
} from '@banksia/contracts/videos';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { S3_PRESIGN_TTL_SECONDS, type S3Storage } from '../../platform/s3-storage';
import { s3StorageFor, type WarningLog } from '../../platform/storage';
import {
  directState,
  directUpload,
  discardUpload,
  looksLikeVideo,
  newVideoKey,
  partPath,
  partPlan,
  uploadsDir,
} from './video-upload-storage';
import { presentUpload } from './video-uploads.presenter';
import * as repo from './video-uploads.repository';
import { videoOr404 } from './videos.service';

/**
 * Video upload sessions (ADR 034, ADR 038): resumable chunks through the app server when files stay on the local
 * disk; with S3, a multipart upload the browser sends straight to the bucket with part URLs the app signs. Finishing
 * an upload is video-upload-completion.service.ts.
 */

export function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', undefined, { errors: { [field]: [message] } });
}

export async function uploadOf(db: Executor, actor: Actor, uploadId: string, forUpdate = false) {
  const row = await repo.findUpload(db, uploadId, forUpdate);
  // Another person's upload is as good as missing: only its starter may continue it.
  if (!row || row.userId !== actor.userId) throw new AppError('not_found', 'No such upload: start it again.');
  return row;
}

/** Ends an upload (its row, then its bytes), when its file is refused or it is cancelled. */
export async function endUpload(deps: AppDeps, row: repo.UploadRow, log: WarningLog): Promise<void> {
  const ended = await repo.deleteUpload(deps.db, row.id);
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
  if (s3) return startDirectUpload(deps, s3, values);
  await mkdir(uploadsDir(deps), { recursive: true });
  // An empty part file from the start, so resuming always has something to measure.
  await (await open(partPath(deps, id), 'w')).close();
  return presentUpload(await repo.insertUpload(deps.db, values));
}

/** Straight to the bucket: the file's key is chosen now, and the browser PUTs its parts to presigned URLs. */
async function startDirectUpload(deps: AppDeps, s3: S3Storage, values: repo.NewUpload): Promise<VideoUploadStatus> {
  const storageKey = newVideoKey(values.contentType);
  const s3UploadId = await s3.createMultipartUpload(storageKey, values.contentType);
  try {
    return presentUpload(await repo.insertUpload(deps.db, { ...values, s3UploadId, storageKey }), []);
  } catch (err) {
    await s3.abortMultipartUpload(storageKey, s3UploadId).catch(() => undefined);
    throw err;
  }
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
    checkChunk(row, offset, bytes);
    await writeChunk(deps, uploadId, offset, bytes);
    const received = offset + bytes.length;
    await repo.setReceivedBytes(tx, uploadId, received);
    return presentUpload({ ...row, receivedBytes: received });
  });
}

/** Refuses a chunk that is not the next one of this upload sent in chunks, or does not fit it. */
function checkChunk(row: repo.UploadRow, offset: number, bytes: Buffer): void {
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
}

/** Writes a chunk into the upload's part file at its offset. */
async function writeChunk(deps: AppDeps, uploadId: string, offset: number, bytes: Buffer): Promise<void> {
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
  const stale = await repo.deleteUploadsStartedBefore(deps.db, new Date(deps.clock.now().getTime() - 24 * 3600_000));
  for (const row of stale) await discardUpload(deps, row, log);
  return stale.length;
}
