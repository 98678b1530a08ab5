import { CSRF_MESSAGES } from '@banksia/contracts/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportError } from './error-reporting';
import {
  ABORTED,
  CLASS_DOMAIN_RETRY,
  deleteJson,
  getJson,
  newIdempotencyKey,
  patchJson,
  postJson,
  putJson,
  requestConfig,
} from './request';
import type { RequestResult } from './request';

vi.mock('./error-reporting', () => ({ reportError: vi.fn() }));

type Reply = () => Response;
const CSRF_URL = '/api/v1/csrf/';
const URL = '/api/v1/things/';
// With random = 0 each wait is the lower bound, half of 300, 600, 1200, 2400, 4800, 9600.
const MIN_WAITS = [150, 300, 600, 1200, 2400, 4800];

const reply =
  (status: number, body?: unknown): Reply =>
  () =>
    new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status });
const networkDown: Reply = () => {
  throw new TypeError('Failed to fetch');
};

let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
let tokensIssued = 0;
let tokenLatencyMs = 0;

/** Answers the token endpoint with fresh-1, fresh-2…, and other URLs with `replies` in order, the last one forever. */
function stubFetch(...replies: Reply[]) {
  fetchMock = vi.fn(async (url: string) => {
    if (url === CSRF_URL) {
      if (tokenLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, tokenLatencyMs));
      return new Response(JSON.stringify({ csrf_token: `fresh-${++tokensIssued}` }), { status: 200 });
    }
    const next = replies.length > 1 ? replies.shift() : replies[0];
    if (!next) throw new Error('no reply scripted');
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
}

const apiCalls = () => fetchMock.mock.calls.filter(([url]) => url !== CSRF_URL);
const tokenCalls = () => fetchMock.mock.calls.filter(([url]) => url === CSRF_URL);
const headersOf = (index: number) => apiCalls()[index]?.[1]?.headers as Record<string, string>;

/** Starts a request and lets everything up to its first wait run. */
async function start<T>(promise: Promise<RequestResult<T>>) {
  let result: RequestResult<T> | undefined;
  void promise.then((r) => (result = r));
  await vi.advanceTimersByTimeAsync(0);
  return () => result;
}

async function settle<T>(promise: Promise<RequestResult<T>>): Promise<RequestResult<T>> {
  await vi.runAllTimersAsync();
  return promise;
}

beforeEach(() => {
  vi.useFakeTimers();
  requestConfig.random = () => 0;
  tokensIssued = 0;
  tokenLatencyMs = 0;
  document.cookie = 'csrftoken=cookie-token; path=/';
});

afterEach(() => {
  requestConfig.random = Math.random;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(reportError).mockClear();
});

describe('sending', () => {
  it('GETs with JSON headers and same-origin credentials, without a CSRF header', async () => {
    stubFetch(reply(200, { id: 1 }));
    await expect(getJson(URL)).resolves.toEqual({ ok: true, body: { id: 1 }, status: 200, failureReason: null });
    expect(apiCalls()[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
    expect(headersOf(0)).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it.each([
    ['POST', (body: unknown) => postJson(URL, body)],
    ['PATCH', (body: unknown) => patchJson(URL, body)],
    ['PUT', (body: unknown) => putJson(URL, body)],
  ] as const)('%s sends the JSON body and the X-CSRFToken header from the cookie', async (method, send) => {
    stubFetch(reply(200, {}));
    await send({ name: 'Ada' });
    expect(apiCalls()[0]?.[1]).toMatchObject({ method, body: '{"name":"Ada"}' });
    expect(headersOf(0)).toMatchObject({ 'X-CSRFToken': 'cookie-token' });
    expect(tokenCalls()).toHaveLength(0);
  });

  it('DELETE sends the CSRF header and no body, so no JSON content type (the server refuses empty JSON)', async () => {
    stubFetch(reply(204));
    await expect(deleteJson(URL)).resolves.toEqual({ ok: true, body: null, status: 204, failureReason: null });
    expect(apiCalls()[0]?.[1]).toMatchObject({ method: 'DELETE', body: undefined });
    expect(headersOf(0)).toMatchObject({ 'X-CSRFToken': 'cookie-token' });
    expect(headersOf(0)).not.toHaveProperty('Content-Type');
  });

  it('fetches a CSRF token before an unsafe call when the cookie is missing', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    stubFetch(reply(201, { id: 2 }));
    await expect(postJson(URL, {})).resolves.toMatchObject({ ok: true, status: 201 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([CSRF_URL, URL]);
    expect(headersOf(0)).toMatchObject({ 'X-CSRFToken': 'fresh-1' });
  });

  it('merges extra headers and passes keepalive and the signal', async () => {
    stubFetch(reply(200, {}));
    const signal = new AbortController().signal;
    await postJson(URL, {}, { headers: { 'X-Extra': 'yes' }, keepalive: true, signal });
    expect(headersOf(0)).toMatchObject({ 'X-Extra': 'yes', 'X-CSRFToken': 'cookie-token' });
    expect(apiCalls()[0]?.[1]).toMatchObject({ keepalive: true, signal });
  });
});

describe('transform', () => {
  it('applies the transform to the parsed body', async () => {
    stubFetch(reply(200, { n: 2 }));
    const result = await getJson(URL, { transform: (body) => (body as { n: number }).n * 10 });
    expect(result).toEqual({ ok: true, body: 20, status: 200, failureReason: null });
  });

  it('makes a throwing transform a reported SYSTEM_ERROR', async () => {
    stubFetch(reply(200, { n: 2 }));
    const problem = new Error('bad shape');
    const result = await getJson(URL, {
      transform: () => {
        throw problem;
      },
    });
    expect(result).toEqual({ ok: false, failureReason: 'SYSTEM_ERROR', body: { n: 2 }, status: 200 });
    expect(reportError).toHaveBeenCalledWith(problem, expect.objectContaining({ url: URL }));
  });

  it('throws a TypeError at once, before sending, when transform is not a function', () => {
    stubFetch(reply(200, {}));
    const notAFunction = 'nope' as unknown as (body: unknown) => unknown;
    expect(() => getJson(URL, { transform: notAFunction })).toThrow(new TypeError('transform must be a function'));
    expect(() => postJson(URL, {}, { transform: notAFunction })).toThrow(TypeError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('answers', () => {
  it('makes unparseable JSON on a 2xx a reported SYSTEM_ERROR', async () => {
    stubFetch(reply(200, '<html>oops'));
    const result = await getJson(URL);
    expect(result).toEqual({ ok: false, failureReason: 'SYSTEM_ERROR', body: '<html>oops', status: 200 });
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it.each([
    [400, { detail: 'Invalid.', code: 'validation_failed', errors: { name: ['Required.'] } }, 'BAD_REQUEST'],
    [401, { detail: 'Log in.', code: 'not_authenticated' }, 'UNAUTHORIZED_ERROR'],
    [403, { detail: 'No permission.', code: 'forbidden' }, 'UNAUTHORIZED_ERROR'],
    [404, { detail: 'Not found.', code: 'not_found' }, 'NOT_FOUND_ERROR'],
    [412, { message: 'The exam is locked.', detail: 'Precondition failed.' }, 'The exam is locked.'],
    [412, { detail: 'Precondition failed.', code: 'precondition_failed' }, 'Precondition failed.'],
  ])('maps %i to its failure reason without reporting', async (status, body, failureReason) => {
    stubFetch(reply(status, body));
    await expect(postJson(URL, {})).resolves.toEqual({ ok: false, failureReason, body, status });
    expect(apiCalls()).toHaveLength(1);
    expect(reportError).not.toHaveBeenCalled();
  });

  it.each([
    [409, 0],
    [413, 1],
    [418, 1],
    [429, 0],
  ])('maps other 4xx (%i) to SYSTEM_ERROR without retrying, reported %i times', async (status, reports) => {
    stubFetch(reply(status, { detail: 'x' }));
    await expect(getJson(URL)).resolves.toEqual({
      ok: false,
      failureReason: 'SYSTEM_ERROR',
      body: { detail: 'x' },
      status,
    });
    expect(apiCalls()).toHaveLength(1);
    // A conflict or a throttle is the server refusing on purpose, with a message for the person: not a bug.
    expect(reportError).toHaveBeenCalledTimes(reports);
  });
});

describe('retries with back-off', () => {
  it('retries a network failure 6 times with exact waits, then resolves NETWORK_ERROR', async () => {
    stubFetch(networkDown);
    const result = await start(getJson(URL));
    expect(apiCalls()).toHaveLength(1);
    for (const [i, wait] of MIN_WAITS.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(apiCalls()).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(apiCalls()).toHaveLength(i + 2);
    }
    expect(result()).toEqual({ ok: false, failureReason: 'NETWORK_ERROR', body: null, status: null });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(apiCalls()).toHaveLength(7);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('keeps each jittered wait in the upper half of its delay (random = 0.999)', async () => {
    requestConfig.random = () => 0.999;
    stubFetch(networkDown);
    const result = await start(getJson(URL));
    const waits = [299, 599, 1199, 2398, 4797, 9595];
    for (const [i, wait] of waits.entries()) {
      const delay = 300 * 2 ** i;
      expect(wait).toBeGreaterThanOrEqual(delay / 2);
      expect(wait).toBeLessThan(delay);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(apiCalls()).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(apiCalls()).toHaveLength(i + 2);
    }
    expect(result()).toMatchObject({ failureReason: 'NETWORK_ERROR' });
  });

  it('succeeds when the network comes back', async () => {
    stubFetch(networkDown, networkDown, reply(200, { back: true }));
    const result = await settle(getJson(URL));
    expect(result).toEqual({ ok: true, body: { back: true }, status: 200, failureReason: null });
    expect(apiCalls()).toHaveLength(3);
  });

  it('retries a 504 on the same schedule, then resolves GATEWAY_TIMEOUT unreported', async () => {
    stubFetch(reply(504, 'Gateway Timeout'));
    const result = await start(getJson(URL));
    for (const [i, wait] of MIN_WAITS.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(apiCalls()).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(apiCalls()).toHaveLength(i + 2);
    }
    expect(result()).toEqual({ ok: false, failureReason: 'GATEWAY_TIMEOUT', body: 'Gateway Timeout', status: 504 });
    expect(reportError).not.toHaveBeenCalled();
  });

  it('retries a 500 on the same schedule, then reports it and resolves its detail', async () => {
    stubFetch(reply(500, { detail: 'Database unavailable.', code: 'internal' }));
    const result = await start(getJson(URL));
    for (const [i, wait] of MIN_WAITS.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(apiCalls()).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(apiCalls()).toHaveLength(i + 2);
    }
    expect(result()).toMatchObject({ ok: false, failureReason: 'Database unavailable.', status: 500 });
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it.each([
    [502, 'Bad Gateway', 'SYSTEM_ERROR'],
    [503, { message: 'Busy, try later.' }, 'Busy, try later.'],
  ])('retries a %i 7 times in all, then reports it', async (status, body, failureReason) => {
    stubFetch(reply(status, body));
    const result = await settle(getJson(URL));
    expect(result).toEqual({ ok: false, failureReason, body, status });
    expect(apiCalls()).toHaveLength(7);
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it('recovers when a 5xx is followed by a success', async () => {
    stubFetch(reply(503, {}), reply(200, { fine: 1 }));
    await expect(settle(getJson(URL))).resolves.toMatchObject({ ok: true, body: { fine: 1 } });
    expect(reportError).not.toHaveBeenCalled();
  });
});

describe('class domain retries (spec §9: 5, back-off 200 ms)', () => {
  it('retries a class request 5 times, waiting 100, 200, 400, 800 and 1600 ms at least, then fails', async () => {
    stubFetch(networkDown);
    const result = await start(getJson(URL, { retry: CLASS_DOMAIN_RETRY }));
    for (const [i, wait] of [100, 200, 400, 800, 1600].entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(apiCalls()).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(apiCalls()).toHaveLength(i + 2);
    }
    expect(result()).toEqual({ ok: false, failureReason: 'NETWORK_ERROR', body: null, status: null });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(apiCalls()).toHaveLength(6);
  });

  it('does not retry a refusal: a 403 is answered at once', async () => {
    stubFetch(reply(403, { detail: 'No.', code: 'forbidden' }));
    const result = await settle(getJson(URL, { retry: CLASS_DOMAIN_RETRY }));
    expect(apiCalls()).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, failureReason: 'UNAUTHORIZED_ERROR', status: 403 });
  });

  it('is the policy of every class-domain call', async () => {
    const sources = import.meta.glob(
      [
        '../features/courses/catalogue/api/get-class-assemblage.ts',
        '../features/courses/catalogue/api/get-class-course-progress.ts',
        '../features/courses/catalogue/api/get-user-course-progress.ts',
        '../features/classes/api/get-class-detail.ts',
      ],
      { query: '?raw', import: 'default', eager: true },
    );
    expect(Object.keys(sources)).toHaveLength(4);
    for (const [file, source] of Object.entries(sources)) {
      expect(source as string, file).toContain('retry: CLASS_DOMAIN_RETRY');
    }
  });
});

describe('aborting', () => {
  it('resolves ABORTED without retrying when fetch rejects with an AbortError', async () => {
    const controller = new AbortController();
    stubFetch(() => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const result = await settle(getJson(URL, { signal: controller.signal }));
    expect(result).toEqual({ ok: false, failureReason: ABORTED, body: null, status: null });
    expect(apiCalls()).toHaveLength(1);
  });

  it('stops waiting and resolves ABORTED when aborted during a back-off wait', async () => {
    const controller = new AbortController();
    stubFetch(networkDown);
    const result = await start(getJson(URL, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(result()).toEqual({ ok: false, failureReason: ABORTED, body: null, status: null });
    await vi.runAllTimersAsync();
    expect(apiCalls()).toHaveLength(1);
  });

  it('sends nothing for an already aborted signal', async () => {
    stubFetch(reply(200, {}));
    await expect(getJson(URL, { signal: AbortSignal.abort() })).resolves.toMatchObject({ failureReason: ABORTED });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('CSRF failures', () => {
  const csrfFailure = reply(403, { detail: CSRF_MESSAGES.incorrect, code: 'csrf_failed' });

  it('fetches a new token and resends 3 times after 1 s, 2 s and 4 s, then resolves UNAUTHORIZED_ERROR', async () => {
    stubFetch(csrfFailure);
    const result = await start(postJson(URL, { a: 1 }));
    expect(apiCalls()).toHaveLength(1);
    for (const [i, wait] of [1000, 2000, 4000].entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(apiCalls()).toHaveLength(i + 1);
      expect(tokenCalls()).toHaveLength(i);
      await vi.advanceTimersByTimeAsync(1);
      expect(apiCalls()).toHaveLength(i + 2);
      expect(tokenCalls()).toHaveLength(i + 1);
      expect(headersOf(i + 1)).toMatchObject({ 'X-CSRFToken': `fresh-${i + 1}` });
    }
    expect(result()).toMatchObject({ ok: false, failureReason: 'UNAUTHORIZED_ERROR', status: 403 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(apiCalls()).toHaveLength(4);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('succeeds when the resend with the new token is accepted', async () => {
    stubFetch(csrfFailure, reply(200, { saved: true }));
    const result = await settle(postJson(URL, {}));
    expect(result).toEqual({ ok: true, body: { saved: true }, status: 200, failureReason: null });
    expect(headersOf(0)).toMatchObject({ 'X-CSRFToken': 'cookie-token' });
    expect(headersOf(1)).toMatchObject({ 'X-CSRFToken': 'fresh-1' });
  });

  it('shares one token fetch between requests that fail together', async () => {
    // The token answer must take a while, as on a real network, for the two requests to overlap.
    tokenLatencyMs = 50;
    stubFetch(csrfFailure, csrfFailure, reply(200, {}));
    const both = Promise.all([postJson(URL, {}), postJson(URL, {})]);
    await vi.runAllTimersAsync();
    await expect(both).resolves.toMatchObject([{ ok: true }, { ok: true }]);
    expect(tokenCalls()).toHaveLength(1);
  });
});

describe('idempotency keys (ADR 049)', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const keyOf = (index: number) => headersOf(index)?.['Idempotency-Key'];

  it.each([
    ['POST', () => postJson(URL, { a: 1 })],
    ['PATCH', () => patchJson(URL, { a: 1 })],
    ['PUT', () => putJson(URL, { a: 1 })],
    ['DELETE', () => deleteJson(URL)],
  ] as const)('%s carries a random UUID as its Idempotency-Key, a new one per request', async (_method, send) => {
    stubFetch(reply(200, {}));
    await send();
    await send();
    expect(keyOf(0)).toMatch(UUID);
    expect(keyOf(1)).toMatch(UUID);
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('GET carries none', async () => {
    stubFetch(reply(200, {}));
    await getJson(URL);
    expect(headersOf(0)).not.toHaveProperty('Idempotency-Key');
  });

  it('sends the same key with every retry of a request, after network failures and 5xx alike', async () => {
    stubFetch(networkDown, reply(503, {}), reply(500, {}), networkDown, reply(201, { id: 7 }));
    const result = await settle(postJson(URL, { title: 'Essay' }));
    expect(result).toMatchObject({ ok: true, body: { id: 7 } });
    expect(apiCalls()).toHaveLength(5);
    expect(new Set(apiCalls().map((_, i) => keyOf(i)))).toEqual(new Set([keyOf(0)]));
    expect(keyOf(0)).toMatch(UUID);
  });

  it('sends the same key when resending with a fresh CSRF token', async () => {
    stubFetch(reply(403, { detail: CSRF_MESSAGES.incorrect, code: 'csrf_failed' }), reply(200, {}));
    await settle(patchJson(URL, {}));
    expect(apiCalls()).toHaveLength(2);
    expect(keyOf(0)).toMatch(UUID);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('waits and asks again, with the same key, while the first try is still running on the server (409)', async () => {
    const inProgress = reply(409, { detail: 'Still running.', code: 'request_in_progress' });
    stubFetch(networkDown, inProgress, inProgress, reply(201, { id: 8 }));
    const result = await start(postJson(URL, {}));
    for (const [i, wait] of MIN_WAITS.slice(0, 3).entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(apiCalls()).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(apiCalls()).toHaveLength(i + 2);
    }
    expect(result()).toEqual({ ok: true, body: { id: 8 }, status: 201, failureReason: null });
    expect(apiCalls().map((_, i) => keyOf(i))).toEqual(Array(4).fill(keyOf(0)));
    expect(reportError).not.toHaveBeenCalled();
  });

  it('does not retry any other conflict', async () => {
    stubFetch(reply(409, { detail: 'Taken.', code: 'conflict' }));
    await expect(settle(postJson(URL, {}))).resolves.toMatchObject({ ok: false, status: 409 });
    expect(apiCalls()).toHaveLength(1);
  });

  it("keeps a caller's own key", async () => {
    stubFetch(networkDown, reply(200, {}));
    await settle(putJson(URL, {}, { headers: { 'Idempotency-Key': 'draft-42-v3' } }));
    expect([keyOf(0), keyOf(1)]).toEqual(['draft-42-v3', 'draft-42-v3']);
  });

  it('makes a version 4 UUID on a page without crypto.randomUUID (plain HTTP)', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID);
  });
});
