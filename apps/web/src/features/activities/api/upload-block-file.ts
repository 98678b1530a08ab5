import { uploadResponseSchema, type UploadResponse } from '@banksia/contracts/activities';
import { FailureReason } from '@banksia/contracts/errors';
import { RequestFailure } from '../../../components/request-failure';
import { CSRF_HEADER_NAME, getCsrfToken, isCsrfFailure, refreshCsrfToken } from '../../../lib/csrf';
import { reportError } from '../../../lib/error-reporting';
import { readJsonBody } from '../../../lib/json-body';
import { ABORTED } from '../../../lib/request';
import { urlFor } from '../../../lib/named-routes';

/** Path of a file-upload block's upload-file call (spec §7). */
export function blockUploadPath(activityResponseId: number, blockId: string): string {
  return urlFor('api:activity-upload-file', { activityResponseId, blockId });
}

export interface UploadOptions {
  /** Called as the bytes go out, with the share sent so far (0 to 1); not called when the browser cannot tell. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** What one attempt ended with: the server's status and parsed body, or no status when it was never reached. */
type Attempt = { status: number; body: unknown; valid: boolean } | { status: null; aborted: boolean };

/**
 * Uploads one file into a file-upload block's response (multipart, field `file`) and resolves the stored key.
 *
 * The shared request helper only sends JSON and cannot report upload progress, so this uses XMLHttpRequest; the
 * CSRF handling is the helper's own, through lib/csrf: the token from the cookie (fetched first when there is no
 * cookie) goes in the CSRF header, and a CSRF refusal fetches a fresh token and sends the file once more.
 * Throws a RequestFailure (reason ABORTED when the signal aborts) carrying the status and the server's body.
 */
export async function uploadBlockFile(
  activityResponseId: number,
  blockId: string,
  file: File,
  options: UploadOptions = {},
): Promise<UploadResponse> {
  return uploadFileTo(
    blockUploadPath(activityResponseId, blockId),
    file,
    (body) => uploadResponseSchema.safeParse(body),
    options,
  );
}

/**
 * Posts one file (multipart, field `file`) to `url` and resolves the answer `parse` accepts; what uploadBlockFile
 * does, for any upload route (content staff's activity images too).
 */
export async function uploadFileTo<T>(
  url: string,
  file: File,
  parse: (body: unknown) => { success: true; data: T } | { success: false },
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  // As in the request helper: a refreshed token wins over the cookie, which can be stale.
  let freshToken = getCsrfToken() === null ? await refreshCsrfToken() : null;
  for (let resent = false; ; resent = true) {
    if (signal?.aborted) throw new RequestFailure(ABORTED, null, null);
    const attempt = await send(url, file, freshToken ?? getCsrfToken(), onProgress, signal);
    if (attempt.status === null) {
      throw new RequestFailure(attempt.aborted ? ABORTED : FailureReason.NETWORK_ERROR, null, null);
    }
    const { status, body, valid } = attempt;
    if (status >= 200 && status < 300) {
      const parsed = valid ? parse(body) : null;
      if (parsed?.success) return parsed.data;
      reportError(new Error(`POST ${url} answered an unexpected body`), { method: 'POST', url, status });
      throw new RequestFailure(FailureReason.SYSTEM_ERROR, status, body);
    }
    if (!resent && isCsrfFailure(status, body)) {
      freshToken = await refreshCsrfToken();
      continue;
    }
    if (status >= 500 && status !== 504) {
      reportError(new Error(`POST ${url} failed with status ${status}`), { method: 'POST', url, status });
    }
    throw new RequestFailure(failureReasonFor(status), status, body);
  }
}

function failureReasonFor(status: number): FailureReason {
  if (status === 400) return FailureReason.BAD_REQUEST;
  if (status === 401 || status === 403) return FailureReason.UNAUTHORIZED_ERROR;
  if (status === 404) return FailureReason.NOT_FOUND_ERROR;
  if (status === 504) return FailureReason.GATEWAY_TIMEOUT;
  return FailureReason.SYSTEM_ERROR;
}

function send(
  url: string,
  file: File,
  csrfToken: string | null,
  onProgress: UploadOptions['onProgress'],
  signal: AbortSignal | undefined,
): Promise<Attempt> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (attempt: Attempt) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(attempt);
    };
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    // No Content-Type: the browser sets multipart/form-data with its boundary.
    if (csrfToken !== null) xhr.setRequestHeader(CSRF_HEADER_NAME, csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const { status } = xhr;
      void readJsonBody(new Response(xhr.responseText)).then(
        ({ value, valid }) => settle({ status, body: value, valid }),
        () => settle({ status, body: null, valid: false }),
      );
    };
    xhr.onerror = () => settle({ status: null, aborted: false });
    xhr.ontimeout = () => settle({ status: null, aborted: false });
    xhr.onabort = () => settle({ status: null, aborted: true });
    signal?.addEventListener('abort', onAbort, { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
