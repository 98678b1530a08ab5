import { FailureReason, type ErrorCode } from '@banksia/contracts/errors';
import { CSRF_HEADER_NAME, getCsrfToken, isCsrfFailure, refreshCsrfToken } from './csrf';
import { reportError } from './error-reporting';
import { isRecord, readJsonBody, stringField } from './json-body';
import type { JsonBody } from './json-body';
import type { z } from 'zod';

/**
 * The type of a successful answer whose contract is `Schema` (`getJson<Answer<typeof schema>>(…)`). The browser does
 * not parse answers with zod again (ADR 038): the server checks every answer against the same schema before sending
 * it, and re-checking here put zod on the path of every first page.
 */
export type Answer<Schema extends z.ZodType> = z.output<Schema>;

/**
 * Failure reason of a request cancelled through its AbortSignal. The helper resolves with it rather than
 * rejecting, so callers keep one code path; it has no failure page, so it lives here, not in the contracts.
 */
export const ABORTED = 'ABORTED';

/** What every request resolves to; it never rejects. */
export type RequestResult<T> =
  | { ok: true; body: T; status: number; failureReason: null }
  | { ok: false; failureReason: FailureReason | string; body: unknown; status: number | null };

export interface RequestOptions<T> {
  /** Turns the parsed body into T; a throw makes the request a SYSTEM_ERROR. */
  transform?: (body: unknown) => T;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Lets the request outlive the page, for sends on `pagehide`. */
  keepalive?: boolean;
  /**
   * How network failures and server errors are retried, when not the default (requestConfig: 6, 300 ms doubling).
   * Class data uses CLASS_DOMAIN_RETRY (spec §9). There is one retry layer, here: queries do not retry on top.
   */
  retry?: RetryPolicy;
}

/** How many times to retry, and the first back-off (doubling after each try, with jitter in its upper half). */
export interface RetryPolicy {
  retries: number;
  backoffBaseMs: number;
}

/** Spec §9: requests of the class domain (course assemblage, course and class progress, class detail): 5, 200 ms. */
export const CLASS_DOMAIN_RETRY: RetryPolicy = { retries: 5, backoffBaseMs: 200 };

/** Retry timing; `random` is swappable so tests can pin the jitter. */
export const requestConfig = {
  retries: 6,
  backoffBaseMs: 300,
  csrfResends: 3,
  csrfBaseDelayMs: 1000,
  random: Math.random,
};

/** The header naming one logical unsafe request across its retries (ADR 049). */
export const IDEMPOTENCY_HEADER_NAME = 'Idempotency-Key';
/** The error code of a 409 answered while an earlier try with the same Idempotency-Key is still running. */
const REQUEST_IN_PROGRESS: ErrorCode = 'request_in_progress';

/**
 * A random version 4 UUID. `crypto.randomUUID` exists only on secure pages (HTTPS, localhost); a page served over plain
 * HTTP on a school's network still has `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type RequestContext = { method: Method; url: string; status: number };

/** GETs JSON from `url`. */
export function getJson<T = unknown>(url: string, opts?: RequestOptions<T>): Promise<RequestResult<T>> {
  return request('GET', url, undefined, opts);
}

/** POSTs `body` as JSON to `url`. */
export function postJson<T = unknown>(url: string, body: unknown, opts?: RequestOptions<T>): Promise<RequestResult<T>> {
  return request('POST', url, body, opts);
}

/** PATCHes `url` with `body` as JSON. */
export function patchJson<T = unknown>(
  url: string,
  body: unknown,
  opts?: RequestOptions<T>,
): Promise<RequestResult<T>> {
  return request('PATCH', url, body, opts);
}

/** PUTs `body` as JSON to `url`. */
export function putJson<T = unknown>(url: string, body: unknown, opts?: RequestOptions<T>): Promise<RequestResult<T>> {
  return request('PUT', url, body, opts);
}

/** DELETEs `url`. */
export function deleteJson<T = unknown>(url: string, opts?: RequestOptions<T>): Promise<RequestResult<T>> {
  return request('DELETE', url, undefined, opts);
}

function request<T>(
  method: Method,
  url: string,
  body: unknown,
  opts: RequestOptions<T> = {},
): Promise<RequestResult<T>> {
  // Checked before anything is sent, so a programming error surfaces at the call site rather than as a failed request.
  if (opts.transform !== undefined && typeof opts.transform !== 'function') {
    throw new TypeError('transform must be a function');
  }
  return run(method, url, body, opts);
}

/** How a request reaches the API: the browser's fetch, or (rendering a page on the server) the app itself. */
export type RequestTransport = (url: string, init: RequestInit) => Promise<Response>;

// Looked up on every call (not captured), so tests that replace the global fetch still reach it.
let transport: RequestTransport = (url, init) => fetch(url, init);

/**
 * Replaces how requests reach the API. Only the server render (entry-server.tsx) calls it, once, before any
 * request: in Node there is no page origin and no cookie jar, so it hands each request to the app with the page
 * request's cookie.
 */
export function setRequestTransport(next: RequestTransport): void {
  transport = next;
}

async function run<T>(
  method: Method,
  url: string,
  payload: unknown,
  opts: RequestOptions<T>,
): Promise<RequestResult<T>> {
  const { signal } = opts;
  const unsafe = method !== 'GET';
  // One key per logical request, sent with every retry and CSRF resend of it: the server answers a repeat with the
  // first answer instead of doing the work again (ADR 049).
  const idempotencyKey = unsafe ? newIdempotencyKey() : null;
  // A refreshed token wins over the cookie: under test, or with a stale cookie, the two can differ.
  let freshToken = unsafe && getCsrfToken() === null ? await refreshCsrfToken() : null;
  let retries = 0;
  let resends = 0;
  const policy = opts.retry ?? requestConfig;

  for (;;) {
    if (signal?.aborted) return aborted();
    let response: Response;
    let body: JsonBody;
    try {
      response = await transport(url, {
        method,
        headers: headersFor(
          unsafe ? (freshToken ?? getCsrfToken()) : null,
          idempotencyKey,
          opts.headers,
          method !== 'DELETE' || payload !== undefined,
        ),
        credentials: 'same-origin',
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal,
        keepalive: opts.keepalive,
      });
      body = await readJsonBody(response);
    } catch (error) {
      if (signal?.aborted || (isRecord(error) && error.name === 'AbortError')) return aborted();
      if (retries >= policy.retries) return failure(FailureReason.NETWORK_ERROR, null, null);
      if (!(await sleep(backoffDelay(policy, retries++), signal))) return aborted();
      continue;
    }

    const { status } = response;
    const context: RequestContext = { method, url, status };
    if (status >= 200 && status < 300) return succeed(body, opts.transform, context);

    if (isCsrfFailure(status, body.value) && resends < requestConfig.csrfResends) {
      if (!(await sleep(requestConfig.csrfBaseDelayMs * 2 ** resends++, signal))) return aborted();
      // A failed token fetch still resends: the server's answer then decides how the request ends.
      freshToken = await refreshCsrfToken();
      continue;
    }
    // A retry that reached the server while the first try of the same request was still running: wait and ask again
    // for the first try's answer.
    const inProgress = status === 409 && stringField(body.value, 'code') === REQUEST_IN_PROGRESS;
    if ((status >= 500 || inProgress) && retries < policy.retries) {
      if (!(await sleep(backoffDelay(policy, retries++), signal))) return aborted();
      continue;
    }

    const reason = failureReasonFor(status, body.value);
    if (
      (status >= 500 && status !== 504) ||
      (reason === FailureReason.SYSTEM_ERROR && !EXPECTED_REFUSALS.has(status))
    ) {
      reportError(new Error(`${method} ${url} failed with status ${status}`), { ...context, failureReason: reason });
    }
    return failure(reason, body.value, status);
  }
}

function succeed<T>(
  body: JsonBody,
  transform: RequestOptions<T>['transform'],
  context: RequestContext,
): RequestResult<T> {
  const { status } = context;
  if (!body.valid) {
    reportError(new Error(`${context.method} ${context.url} answered invalid JSON`), context);
    return failure(FailureReason.SYSTEM_ERROR, body.value, status);
  }
  if (!transform) return { ok: true, body: body.value as T, status, failureReason: null };
  try {
    return { ok: true, body: transform(body.value), status, failureReason: null };
  } catch (error) {
    reportError(error, context);
    return failure(FailureReason.SYSTEM_ERROR, body.value, status);
  }
}

/**
 * Refusals the server makes on purpose, with a message for the person (a conflict, a link that no longer works, a
 * throttle): not bugs to report.
 */
const EXPECTED_REFUSALS = new Set([409, 410, 429]);

function failureReasonFor(status: number, body: unknown): FailureReason | string {
  if (status === 400) return FailureReason.BAD_REQUEST;
  if (status === 401 || status === 403) return FailureReason.UNAUTHORIZED_ERROR;
  if (status === 402) return FailureReason.PAYMENT_REQUIRED;
  if (status === 404) return FailureReason.NOT_FOUND_ERROR;
  // A failed precondition carries a message meant for the user.
  if (status === 412) return stringField(body, 'message', 'detail') ?? FailureReason.SYSTEM_ERROR;
  if (status === 504) return FailureReason.GATEWAY_TIMEOUT;
  if (status >= 500) return stringField(body, 'detail', 'message') ?? FailureReason.SYSTEM_ERROR;
  return FailureReason.SYSTEM_ERROR;
}

function failure(reason: FailureReason | string, body: unknown, status: number | null): RequestResult<never> {
  return { ok: false, failureReason: reason, body, status };
}

function aborted(): RequestResult<never> {
  return failure(ABORTED, null, null);
}

function headersFor(
  csrfToken: string | null,
  idempotencyKey: string | null,
  extra: Record<string, string> | undefined,
  jsonType: boolean,
): Record<string, string> {
  // A DELETE without a body must not claim a JSON one: the server refuses an empty JSON body.
  const headers: Record<string, string> = jsonType
    ? { 'Content-Type': 'application/json', Accept: 'application/json' }
    : { Accept: 'application/json' };
  if (csrfToken !== null) headers[CSRF_HEADER_NAME] = csrfToken;
  if (idempotencyKey !== null) headers[IDEMPOTENCY_HEADER_NAME] = idempotencyKey;
  return { ...headers, ...extra };
}

// Jitter in the upper half of each delay spreads out clients that failed together without shortening the wait much.
function backoffDelay(policy: RetryPolicy, retry: number): number {
  const delay = policy.backoffBaseMs * 2 ** retry;
  return Math.floor(delay / 2 + requestConfig.random() * (delay / 2));
}

/** Waits `ms`; resolves false at once if the signal aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
