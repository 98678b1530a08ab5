import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS, type VideoContentType } from '@banksia/contracts/videos';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import type { S3Storage } from '../../platform/s3-storage';
import { deleteFiles, storageFor, type WarningLog } from '../../platform/storage';
import { readVideoDuration, readVideoDurationFrom, type VideoReader } from './video-duration';
import {
  directState,
  directUpload,
  looksLikeVideo,
  newVideoKey,
  partPath,
  partPlan,
  type DirectUpload,
} from './video-upload-storage';
import * as repo from './video-uploads.repository';
import { endUpload, invalid, uploadOf } from './video-uploads.service';
import { getVideo, videoOr404 } from './videos.service';

/**
 * Finishing a video upload (ADR 034, ADR 038): the file into storage, its length read from the file itself, then
 * the video row made or pointed at the new file.
 */

/** Where a finished upload's file is in storage, and the length read from it. */
type StoredFile = { key: string; duration: number };

function unreadableLength(contentType: VideoContentType): AppError {
  return invalid(
    'file',
    `The length of this video could not be read from the file: it is not a complete ${
      contentType === 'video/mp4' ? 'MP4' : 'WebM'
    } video, or its header states no duration. Export it again and upload the new file.`,
  );
}

/** Refuses (and ends the upload of) a file whose length cannot be read or is over the limit. */
async function checkLength(
  deps: AppDeps,
  row: repo.UploadRow,
  seconds: number | null,
  log: WarningLog,
): Promise<number> {
  if (seconds === null || seconds > MAX_VIDEO_SECONDS) {
    await endUpload(deps, row, log);
    throw seconds === null
      ? unreadableLength(row.contentType as VideoContentType)
      : invalid('file', 'The video is longer than 4 hours.');
  }
  return Math.max(1, Math.round(seconds));
}

/**
 * The finished file of an upload sent in chunks: its length read from the part file, then the part file streamed
 * into storage under a new key. A file whose container cannot be read is refused, and its upload ended.
 */
async function storeChunkedUpload(deps: AppDeps, row: repo.UploadRow, log: WarningLog): Promise<StoredFile> {
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
  const duration = await checkLength(
    deps,
    row,
    await readVideoDuration(part, row.contentType as VideoContentType),
    log,
  );
  const key = newVideoKey(row.contentType);
  await storageFor(deps.config).put(key, createReadStream(part), row.contentType);
  return { key, duration };
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
  row: repo.UploadRow,
  direct: DirectUpload,
  log: WarningLog,
): Promise<StoredFile> {
  const state = await directState(direct, row);
  if (state === 'gone') {
    await endUpload(deps, row, log);
    throw new AppError('not_found', 'No such upload: start it again.');
  }
  if (state !== 'completed') await assembleParts(row, direct, state.parts);
  return checkAssembledFile(deps, row, direct, log);
}

/** Has S3 make the file from its parts, once they are all there whole. */
async function assembleParts(
  row: repo.UploadRow,
  { s3, key, s3UploadId }: DirectUpload,
  parts: Parameters<S3Storage['completeMultipartUpload']>[2],
): Promise<void> {
  const { count, sizeOf } = partPlan(row.sizeBytes);
  const received = parts.reduce((sum, p) => sum + p.size, 0);
  if (parts.length !== count || received !== row.sizeBytes) {
    const missing = count - parts.length;
    throw new AppError(
      'conflict',
      `The upload is not finished: ${received} of ${row.sizeBytes} bytes are in storage (${missing} of ${count} part${
        count === 1 ? '' : 's'
      } missing).`,
    );
  }
  // Parts are only those listed whole, in order: 1..count, each of its planned size.
  if (parts.some((p, i) => p.partNumber !== i + 1 || p.size !== sizeOf(i + 1))) {
    throw new AppError('conflict', 'The upload is not finished: its parts do not make up the file. Upload it again.');
  }
  try {
    await s3.completeMultipartUpload(key, s3UploadId, parts);
  } catch (err) {
    // Completed meanwhile by another request for this upload: go on with the file S3 made.
    if (!(await s3.head(key))) throw err;
  }
}

/** Checks the file S3 made is whole and the declared video, and reads its length. */
async function checkAssembledFile(
  deps: AppDeps,
  row: repo.UploadRow,
  { s3, key }: DirectUpload,
  log: WarningLog,
): Promise<StoredFile> {
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
  return { key, duration: await checkLength(deps, row, await readVideoDurationFrom(reader, contentType), log) };
}

/**
 * POST api:admin-video-upload-complete: once every byte is in, the file is in storage (moved there from the app's
 * disk, or made by S3 from the parts) and the video row is made (or, for a replacement, points at the new file and
 * takes its duration; the old file is deleted). The length stored is the one read from the file, never the browser's.
 */
export async function completeUpload(deps: AppDeps, actor: Actor, uploadId: string, ip: string, log: WarningLog) {
  const row = await uploadOf(deps.db, actor, uploadId);
  const direct = directUpload(deps, row);
  const stored = direct ? await completeDirectUpload(deps, row, direct, log) : await storeChunkedUpload(deps, row, log);
  const storage = storageFor(deps.config);
  const claim = { lost: false };
  let recorded: { videoId: number; oldKey: string | null };
  try {
    recorded = await deps.db.transaction((tx) => recordVideoFile(deps, tx, actor, row, stored, ip, claim));
  } catch (err) {
    // A chunked upload's copy under its new key is this request's own. A direct upload's file has the key chosen at
    // its start: another request may have finished the upload with it, or a retry will (the upload row stays); once
    // the upload is over (its row gone) and no video has the file, nothing ever will.
    if (!direct) await deleteFiles(storage, [stored.key], log);
    else if (claim.lost && !(await repo.videoHasStorageKey(deps.db, stored.key))) {
      await deleteFiles(storage, [stored.key], log);
    }
    throw err;
  }
  if (!direct) await rm(partPath(deps, uploadId), { force: true });
  const { videoId, oldKey } = recorded;
  if (oldKey && oldKey !== stored.key) await deleteFiles(storage, [oldKey], log);
  return getVideo(deps, videoId);
}

/**
 * In one transaction: claims the upload (its row deleted; `claim.lost` when another request did first, a 409), then
 * makes the video or points the replaced one at the new file, with its audit entry. Answers the video and, for a
 * replacement, the key of the file it had.
 */
async function recordVideoFile(
  deps: AppDeps,
  tx: Executor,
  actor: Actor,
  row: repo.UploadRow,
  { key, duration }: StoredFile,
  ip: string,
  claim: { lost: boolean },
): Promise<{ videoId: number; oldKey: string | null }> {
  if (!(await repo.deleteUpload(tx, row.id))) {
    claim.lost = true;
    throw new AppError('conflict', 'This upload was already finished.');
  }
  const now = deps.clock.now();
  const file: repo.VideoFile = {
    kind: 'file',
    storageKey: key,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    fileName: row.fileName,
    duration,
    updatedAt: now,
  };
  if (row.videoId !== null) {
    const before = await videoOr404(tx, row.videoId, true);
    await repo.setVideoFile(tx, row.videoId, file);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'replace_video_file',
      entityType: 'video',
      entityId: row.videoId,
      before: { storage_key: before.storage_key, duration: before.duration, file_name: before.file_name },
      after: { storage_key: key, duration, file_name: row.fileName },
      ip,
    });
    return { videoId: row.videoId, oldKey: before.storage_key };
  }
  const videoId = await repo.insertFileVideo(tx, file, row.title, now);
  await audit(tx, {
    actorUserId: actor.userId,
    action: 'upload_video',
    entityType: 'video',
    entityId: videoId,
    after: { title: row.title, storage_key: key, duration, size: row.sizeBytes },
    ip,
  });
  return { videoId, oldKey: null };
}
