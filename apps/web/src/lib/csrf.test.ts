import { CSRF_MESSAGES } from '@banksia/contracts/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_RETRY_DEFAULTS, csrfConfig, getCsrfToken, isCsrfFailure, refreshCsrfToken } from './csrf';

const tokenResponse = (token: string) => new Response(JSON.stringify({ csrf_token: token }), { status: 200 });

beforeEach(() => {
  vi.useFakeTimers();
  // The timing under test: page tests in the same worker may have set it to answer at once (test/render.tsx).
  Object.assign(csrfConfig, CSRF_RETRY_DEFAULTS);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('getCsrfToken', () => {
  it('reads the csrftoken cookie', () => {
    expect(getCsrfToken()).toBeNull();
    document.cookie = 'csrftoken=abc; path=/';
    expect(getCsrfToken()).toBe('abc');
  });

  it('reads the __Host-csrftoken cookie the server sets behind HTTPS, before a plain csrftoken', () => {
    // jsdom's page is plain http://, where a browser keeps no __Host- cookie: the cookie string stands in for one.
    const cookies = vi.spyOn(document, 'cookie', 'get');
    cookies.mockReturnValue('__Host-csrftoken=secure');
    expect(getCsrfToken()).toBe('secure');
    cookies.mockReturnValue('csrftoken=stale; __Host-csrftoken=secure; theme=dark');
    expect(getCsrfToken()).toBe('secure');
    cookies.mockRestore();
  });
});

describe('refreshCsrfToken', () => {
  it('GETs /api/v1/csrf/ with same-origin credentials and resolves the token', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => tokenResponse('t1'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(refreshCsrfToken()).resolves.toBe('t1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/csrf/');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('makes 3 attempts, 300 ms apart, then resolves null', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    let result: string | null | undefined;
    void refreshCsrfToken().then((token) => (result = token));

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(299);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(299);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('treats a non-ok answer as a failed attempt and succeeds on a later one', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(new Response('{}', { status: 500 }))
      .mockResolvedValueOnce(tokenResponse('late'));
    vi.stubGlobal('fetch', fetchMock);
    const token = refreshCsrfToken();
    await vi.advanceTimersByTimeAsync(300);
    await expect(token).resolves.toBe('late');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shares one in-flight fetch between concurrent callers, and fetches anew afterwards', async () => {
    const fetchMock = vi.fn(async () => tokenResponse('shared'));
    vi.stubGlobal('fetch', fetchMock);
    const first = refreshCsrfToken();
    const second = refreshCsrfToken();
    expect(second).toBe(first);
    await expect(Promise.all([first, second])).resolves.toEqual(['shared', 'shared']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await refreshCsrfToken();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('falls back to the cookie when the answer has no token field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        document.cookie = 'csrftoken=from-cookie; path=/';
        return new Response('{}', { status: 200 });
      }),
    );
    await expect(refreshCsrfToken()).resolves.toBe('from-cookie');
  });
});

describe('isCsrfFailure', () => {
  it.each(Object.values(CSRF_MESSAGES))('is true for a 403 with %s', (detail) => {
    expect(isCsrfFailure(403, { detail, code: 'csrf_failed' })).toBe(true);
    expect(isCsrfFailure(403, { detail })).toBe(true);
  });

  it('is true for any 403 detail starting with "CSRF Failed:", or the csrf_failed code', () => {
    expect(isCsrfFailure(403, { detail: 'CSRF Failed: Referer checking failed.' })).toBe(true);
    expect(isCsrfFailure(403, { detail: 'Refused.', code: 'csrf_failed' })).toBe(true);
  });

  it('is false for other statuses and other 403s', () => {
    expect(isCsrfFailure(400, { detail: CSRF_MESSAGES.missing })).toBe(false);
    expect(isCsrfFailure(403, { detail: 'You do not have permission.', code: 'forbidden' })).toBe(false);
    expect(isCsrfFailure(403, null)).toBe(false);
    expect(isCsrfFailure(403, CSRF_MESSAGES.missing)).toBe(false);
  });
});
