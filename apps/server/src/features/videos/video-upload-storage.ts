import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { videoPartSize, type VideoContentType } from '@banksia/contracts/videos';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { MultipartPart, S3Storage } from '../../platform/s3-storage';
import { deleteFiles, s3StorageFor, type WarningLog } from '../../platform/storage';
import type { UploadRow } from './video-uploads.repository';

/**
 * Where the bytes of an upload in progress are (ADR 034, ADR 038): a part file on the app's disk for an upload sent
 * in chunks, or an S3 multipart upload the browser sends its parts to.
 */

/** Folder of the part files of uploads in progress (never served). */
export function uploadsDir(deps: Pick<AppDeps, 'config'>): string {
  return path.join(deps.config.dataDir, 'video-uploads');
}
export function partPath(deps: Pick<AppDeps, 'config'>, uploadId: string): string {
  return path.join(uploadsDir(deps), `${uploadId}.part`);
}

/** Whether the file's first bytes are those of its declared type: an MP4 `ftyp` box, or WebM's EBML header. */
export function looksLikeVideo(head: Buffer, contentType: VideoContentType): boolean {
  if (contentType === 'video/mp4') return head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp';
  return head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3;
}

/** A new storage key for a video file of this type. */
export function newVideoKey(contentType: string): string {
  return `videos/${randomBytes(8).toString('hex')}.${contentType === 'video/mp4' ? 'mp4' : 'webm'}`;
}

/** An upload straight to S3: its multipart upload and the key its file will have. */
export interface DirectUpload {
  s3: S3Storage;
  key: string;
  s3UploadId: string;
}

/**
 * The S3 side of an upload that goes straight to the bucket, or null for one sent to the app in chunks. An upload
 * started with S3 cannot go on once S3 is no longer configured.
 */
export function directUpload(deps: Pick<AppDeps, 'config'>, row: UploadRow): DirectUpload | null {
  if (!row.s3UploadId || !row.storageKey) return null;
  const s3 = s3StorageFor(deps.config, 'public');
  if (!s3) throw new AppError('conflict', 'This upload went to S3, which is no longer configured: start it again.');
  return { s3, key: row.storageKey, s3UploadId: row.s3UploadId };
}

/** The parts of an upload straight to S3: their size (the last one is shorter), and how many. */
export function partPlan(size: number) {
  const partSize = videoPartSize(size);
  const count = Math.ceil(size / partSize);
  return { partSize, count, sizeOf: (n: number) => (n < count ? partSize : size - (count - 1) * partSize) };
}

/**
 * Where an upload straight to S3 stands, as the bucket says (never the browser): the parts it holds whole, or
 * `completed` when its file was already made (a completion that failed after S3 had made the file), or `gone`.
 */
export async function directState(
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

/** Throws away what an ended upload left: its part file, or its S3 multipart upload and any file made from it. */
export async function discardUpload(deps: AppDeps, row: UploadRow, log: WarningLog): Promise<void> {
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
