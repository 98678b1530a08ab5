import { FailureReason } from '@banksia/contracts/errors';
import {
  videoResponse,
  videoUploadStatus,
  type StartVideoUploadBody,
  type VideoSummary,
  type VideoUploadStatus,
} from '@banksia/contracts/videos';
import { RequestFailure, unwrap } from '../../../components/request-failure';
import { CSRF_HEADER_NAME, getCsrfToken, refreshCsrfToken } from '../../../lib/csrf';
import { urlFor } from '../../../lib/named-routes';
import { getJson, postJson } from '../../../lib/request';

/**
 * Resumable video upload (ADR 034): start an upload, PUT the file in chunks at increasing offsets, then complete it.
 * The upload's id is kept in local storage under the file's name, size and date, so choosing the same file again
 * after a lost connection or a closed tab goes on from what the server already holds.
 */

const RESUME_PREFIX = 'banksia.videoUpload.';
const CHUNK_RETRIES = 5;

function resumeKey(file: File, videoId: number | null): string {
  return `${RESUME_PREFIX}${videoId ?? 'new'}.${file.name}.${file.size}.${file.lastModified}`;
}

/** The duration of a video file in seconds, read by the browser from its metadata. */
export function readVideoDuration(file: File): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = () => URL.revokeObjectURL(url);
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      // A WebM written by a recorder may say Infinity until played to the end: seek far to make the browser measure.
      if (Number.isFinite(video.duration)) {
        done();
        resolve(video.duration);
        return;
      }
      video.ondurationchange = () => {
        if (!Number.isFinite(video.duration)) return;
        done();
        resolve(video.duration);
      };
      video.currentTime = 1e9;
    };
    video.onerror = () => {
      done();
      reject(new Error('This file cannot be read as a video.'));
    };
    video.src = url;
  });
}

async function putChunk(uploadId: string, offset: number, chunk: Blob): Promise<Response> {
  const token = getCsrfToken() ?? (await refreshCsrfToken());
  return fetch(`${urlFor('api:admin-video-upload', { uploadId })}?offset=${offset}`, {
    method: 'PUT',
    body: chunk,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/octet-stream', ...(token ? { [CSRF_HEADER_NAME]: token } : {}) },
  });
}

export interface UploadProgress {
  sent: number;
  total: number;
  /** True when the upload went on from bytes sent earlier. */
  resumed: boolean;
}

export async function uploadVideo(
  file: File,
  options: {
    title?: string;
    videoId?: number | null;
    onProgress: (p: UploadProgress) => void;
    signal?: AbortSignal;
    /** How the duration is read (the browser's <video> by default). */
    readDuration?: (file: File) => Promise<number>;
  },
): Promise<VideoSummary> {
  const videoId = options.videoId ?? null;
  const duration = await (options.readDuration ?? readVideoDuration)(file);
  const key = resumeKey(file, videoId);
  let status: VideoUploadStatus | null = null;
  const saved = window.localStorage.getItem(key);
  if (saved) {
    const found = await getJson(urlFor('api:admin-video-upload', { uploadId: saved }), {
      transform: (b) => videoUploadStatus.parse(b),
    });
    if (found.ok) status = found.body;
    else window.localStorage.removeItem(key);
  }
  const resumed = status !== null && status.received > 0;
  if (!status) {
    const body: StartVideoUploadBody = {
      video_id: videoId,
      ...(options.title ? { title: options.title } : {}),
      file_name: file.name,
      content_type: file.type as StartVideoUploadBody['content_type'],
      size: file.size,
      duration,
    };
    status = unwrap(
      await postJson(urlFor('api:admin-video-uploads'), body, { transform: (b) => videoUploadStatus.parse(b) }),
    );
    window.localStorage.setItem(key, status.upload_id);
  }
  const { upload_id: uploadId, chunk_size: chunkSize } = status;
  let offset = status.received;
  options.onProgress({ sent: offset, total: file.size, resumed });
  let failures = 0;
  while (offset < file.size) {
    if (options.signal?.aborted) throw new RequestFailure('ABORTED', null, null);
    let response: Response;
    try {
      response = await putChunk(uploadId, offset, file.slice(offset, offset + chunkSize));
    } catch {
      // The connection dropped: wait and go on from where the server is (it may have kept the chunk).
      if (++failures > CHUNK_RETRIES) throw new RequestFailure(FailureReason.NETWORK_ERROR, null, null);
      await new Promise((r) => setTimeout(r, 300 * 2 ** failures));
      const where = await getJson(urlFor('api:admin-video-upload', { uploadId }), {
        transform: (b) => videoUploadStatus.parse(b),
      });
      if (where.ok) offset = where.body.received;
      continue;
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 409 && response.headers.get('upload-offset')) {
      offset = Number(response.headers.get('upload-offset'));
      continue;
    }
    if (!response.ok) {
      if (response.status === 400 || response.status === 404) window.localStorage.removeItem(key);
      throw new RequestFailure(FailureReason.SYSTEM_ERROR, response.status, body);
    }
    failures = 0;
    offset = videoUploadStatus.parse(body).received;
    options.onProgress({ sent: offset, total: file.size, resumed });
  }
  const done = unwrap(
    await postJson(
      urlFor('api:admin-video-upload-complete', { uploadId }),
      {},
      {
        transform: (b) => videoResponse.parse(b),
      },
    ),
  );
  window.localStorage.removeItem(key);
  return done.video;
}
