import { VIDEO_CHUNK_BYTES, type VideoUploadStatus } from '@banksia/contracts/videos';
import { partPlan } from './video-upload-storage';
import type { UploadRow } from './video-uploads.repository';

/** Where an upload stands, for the browser: bytes received in chunks, or the S3 parts done (`done`). */
export function presentUpload(row: UploadRow, done?: readonly number[]): VideoUploadStatus {
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
