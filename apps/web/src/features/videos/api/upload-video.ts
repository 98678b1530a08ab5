import { FailureReason } from '@banksia/contracts/errors';
import {
  MAX_PART_URLS,
  type videoPartUrlsResponse,
  type videoResponse,
  videoUploadStatus,
  type StartVideoUploadBody,
  type VideoSummary,
  type VideoUploadStatus,
} from '@banksia/contracts/videos';
import { RequestFailure, unwrap } from '../../../components/request-failure';
import { CSRF_HEADER_NAME, getCsrfToken, refreshCsrfToken } from '../../../lib/csrf';
import { urlFor } from '../../../lib/named-routes';
import { getJson, postJson, type Answer } from '../../../lib/request';

/**
 * Resumable video upload (ADR 034, ADR 038): start an upload, send the file, then complete it. The server's answer
 * says how the bytes travel: `server` (local disk storage), PUT in chunks to the app at increasing offsets; `s3`, PUT
 * in parts straight to the bucket with presigned URLs the app gives, a few at once, never through the app. The
 * upload's id is kept in local storage under the file's name, size and date, so choosing the same file again after
 * a lost connection or a closed tab goes on from what the server (or the bucket) already holds.
 */

const RESUME_PREFIX = 'banksia.videoUpload.';
const CHUNK_RETRIES = 5;
/** Parts PUT to the bucket at once. */
const PARALLEL_PARTS = 3;
/** Tries of one part (from 600 ms, doubling) before the upload stops; choosing the file again resumes it. */
const PART_TRIES = 5;
/**
 * How long a part URL is used after the app gave it: they work for 5 minutes from signing (the server's
 * S3_PRESIGN_TTL_SECONDS); a part that fails anyway (say, a slow clock) is retried with a new URL.
 */
const PART_URL_FRESH_MS = 4 * 60_000;
/** Rounds of sending missing parts again when completing finds some missing (a part the bucket did not keep). */
const COMPLETE_ROUNDS = 3;

/** Back-off timing; tests shorten it. */
export const uploadTiming = { retryBaseMs: 300 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    const found = await getJson<Answer<typeof videoUploadStatus>>(
      urlFor('api:admin-video-upload', { uploadId: saved }),
    );
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
    status = unwrap(await postJson<Answer<typeof videoUploadStatus>>(urlFor('api:admin-video-uploads'), body));
    window.localStorage.setItem(key, status.upload_id);
  }
  const { upload_id: uploadId, chunk_size: chunkSize } = status;
  if (status.mode === 's3') {
    const video = await uploadToS3(file, status, {
      key,
      resumed,
      onProgress: options.onProgress,
      signal: options.signal,
    });
    window.localStorage.removeItem(key);
    return video;
  }
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
      await sleep(uploadTiming.retryBaseMs * 2 ** failures);
      const where = await getJson<Answer<typeof videoUploadStatus>>(urlFor('api:admin-video-upload', { uploadId }));
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
    await postJson<Answer<typeof videoResponse>>(urlFor('api:admin-video-upload-complete', { uploadId }), {}, {}),
  );
  window.localStorage.removeItem(key);
  return done.video;
}

const statusOf = (uploadId: string) =>
  getJson<Answer<typeof videoUploadStatus>>(urlFor('api:admin-video-upload', { uploadId }));

/**
 * An upload straight to S3: the parts the bucket does not hold yet are PUT to presigned URLs, PARALLEL_PARTS at a
 * time, each retried with a new URL after a failure; then the app completes it (it lists the parts itself). A
 * completion that finds parts missing is answered 409: the status names the parts the bucket holds, the rest go again.
 */
async function uploadToS3(
  file: File,
  first: VideoUploadStatus,
  options: { key: string; resumed: boolean; onProgress: (p: UploadProgress) => void; signal?: AbortSignal },
): Promise<VideoSummary> {
  const uploadId = first.upload_id;
  let status = first;
  try {
    for (let round = 1; ; round++) {
      await sendParts(file, status, options);
      const done = await postJson<Answer<typeof videoResponse>>(
        urlFor('api:admin-video-upload-complete', { uploadId }),
        {},
      );
      if (done.ok) return done.body.video;
      if (done.status !== 409 || round >= COMPLETE_ROUNDS) unwrap(done);
      status = unwrap(await statusOf(uploadId));
    }
  } catch (err) {
    // The upload is over on the server (refused file, or gone): nothing to resume.
    if (err instanceof RequestFailure && (err.status === 400 || err.status === 404)) {
      window.localStorage.removeItem(options.key);
    }
    throw err;
  }
}

async function sendParts(
  file: File,
  status: VideoUploadStatus,
  options: { resumed: boolean; onProgress: (p: UploadProgress) => void; signal?: AbortSignal },
): Promise<void> {
  const uploadId = status.upload_id;
  const partSize = status.part_size ?? status.chunk_size;
  const count = Math.ceil(file.size / partSize);
  const held = new Set(status.parts_done ?? []);
  const waiting = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !held.has(n));
  const sizeOf = (n: number) => Math.min(file.size, n * partSize) - (n - 1) * partSize;
  let sent = [...held].reduce((sum, n) => sum + sizeOf(n), 0);
  options.onProgress({ sent, total: file.size, resumed: options.resumed });

  const urls = new Map<number, { url: string; at: number }>();
  const fresh = (n: number) => {
    const known = urls.get(n);
    return known && Date.now() - known.at < PART_URL_FRESH_MS ? known.url : null;
  };
  let asking: Promise<void> | null = null;
  /** The part's URL: a fresh one known, else asked for with the next parts waiting (MAX_PART_URLS at a time). */
  const urlOf = async (n: number): Promise<string> => {
    for (;;) {
      const known = fresh(n);
      if (known) return known;
      if (asking) {
        await asking;
        continue;
      }
      const wanted = [n, ...waiting.filter((m) => !fresh(m))].slice(0, MAX_PART_URLS);
      asking = (async () => {
        const answer = unwrap(
          await postJson<Answer<typeof videoPartUrlsResponse>>(
            urlFor('api:admin-video-upload-parts', { uploadId }),
            { part_numbers: wanted },
            { signal: options.signal },
          ),
        );
        const at = Date.now();
        for (const part of answer.parts) urls.set(part.part_number, { url: part.url, at });
      })().finally(() => {
        asking = null;
      });
      await asking;
      if (!fresh(n)) throw new RequestFailure(FailureReason.SYSTEM_ERROR, null, null);
    }
  };

  let stopped = false;
  const sendPart = async (n: number) => {
    const bytes = file.slice((n - 1) * partSize, n * partSize);
    for (let tries = 1; ; tries++) {
      if (stopped) return;
      if (options.signal?.aborted) throw new RequestFailure('ABORTED', null, null);
      const url = await urlOf(n);
      // Straight to the bucket: no cookies, no headers (the URL's signature is the permission).
      const ok = await fetch(url, { method: 'PUT', body: bytes, signal: options.signal }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) {
        sent += bytes.size;
        if (!stopped) options.onProgress({ sent, total: file.size, resumed: options.resumed });
        return;
      }
      if (options.signal?.aborted) throw new RequestFailure('ABORTED', null, null);
      urls.delete(n);
      if (tries >= PART_TRIES) throw new RequestFailure(FailureReason.NETWORK_ERROR, null, null);
      await sleep(uploadTiming.retryBaseMs * 2 ** tries);
    }
  };
  const worker = async () => {
    for (let n = waiting.shift(); n !== undefined && !stopped; n = waiting.shift()) await sendPart(n);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, waiting.length) }, worker));
  } finally {
    stopped = true;
  }
}
