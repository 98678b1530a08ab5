import { clientErrorBody } from '@banksia/contracts/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ErrorReporting from './error-reporting';

type FetchMock = ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

let reporting: typeof ErrorReporting;
let fetchMock: FetchMock;

const posts = () => fetchMock.mock.calls.filter(([url]) => url === '/api/v1/client-errors/');
const postedBody = (index = 0): unknown => JSON.parse(String(posts()[index]?.[1]?.body));

beforeEach(async () => {
  // Fresh module state per test: the de-duplication window would otherwise leak between tests.
  vi.resetModules();
  reporting = await import('./error-reporting');
  vi.useFakeTimers();
  fetchMock = vi.fn(async (url: string) =>
    url === '/api/v1/csrf/'
      ? new Response('{"csrf_token":"fresh"}', { status: 200 })
      : new Response(null, { status: 204 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'csrftoken=tok; path=/';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('reportError', () => {
  it('POSTs message, stack, path and context to /api/v1/client-errors/ with the CSRF header', async () => {
    window.history.replaceState(null, '', '/course/4/');
    const error = new Error('Boom');
    reporting.reportError(error, { where: 'test' });
    await vi.advanceTimersByTimeAsync(0);

    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': 'tok' },
    });
    const body = postedBody();
    expect(body).toEqual({ message: 'Boom', stack: error.stack, path: '/course/4/', context: { where: 'test' } });
    expect(clientErrorBody.safeParse(body).success).toBe(true);
  });

  it('describes non-Error values', async () => {
    reporting.reportError('plain text');
    reporting.reportError({ code: 42 });
    await vi.advanceTimersByTimeAsync(0);
    expect(postedBody(0)).toMatchObject({ message: 'plain text' });
    expect(postedBody(1)).toMatchObject({ message: '{"code":42}' });
  });

  it('fetches a CSRF token first when the cookie is missing', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    reporting.reportError(new Error('No cookie'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/csrf/');
    expect(posts()[0]?.[1]?.headers).toMatchObject({ 'X-CSRFToken': 'fresh' });
  });

  it('drops an identical message within 10 s and sends it again after', async () => {
    reporting.reportError(new Error('Same'));
    reporting.reportError(new Error('Same'));
    reporting.reportError(new Error('Other'));
    await vi.advanceTimersByTimeAsync(9_999);
    reporting.reportError(new Error('Same'));
    await vi.advanceTimersByTimeAsync(0);
    expect(posts()).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(1);
    reporting.reportError(new Error('Same'));
    await vi.advanceTimersByTimeAsync(0);
    expect(posts()).toHaveLength(3);
  });

  it('never throws or rejects when the send fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(() => reporting.reportError(new Error('Offline'))).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    expect(posts()).toHaveLength(1);
  });

  it('passes the error and context to the sink, and survives a sink that throws', async () => {
    const sink = vi.fn(() => {
      throw new Error('Sink broke');
    });
    reporting.setErrorSink(sink);
    const error = new Error('To the sink');
    expect(() => reporting.reportError(error, { a: 1 })).not.toThrow();
    expect(sink).toHaveBeenCalledWith(error, { a: 1 });
  });

  it('does not recurse when the sink reports an error itself', async () => {
    const sink = vi.fn((error: unknown) => reporting.reportError(new Error(`again: ${String(error)}`)));
    reporting.setErrorSink(sink);
    reporting.reportError(new Error('Once'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sink).toHaveBeenCalledTimes(1);
    expect(posts()).toHaveLength(1);
  });

  it('stops calling a sink that was unplugged', () => {
    const sink = vi.fn();
    reporting.setErrorSink(sink);
    reporting.setErrorSink(null);
    reporting.reportError(new Error('Unplugged'));
    expect(sink).not.toHaveBeenCalled();
  });
});
