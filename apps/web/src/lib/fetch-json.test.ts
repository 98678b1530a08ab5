import { afterEach, describe, expect, it, vi } from 'vitest';
import { FetchError, fetchJson } from './fetch-json';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('fetchJson', () => {
  it('resolves the parsed JSON and sends same-origin credentials and the signal', async () => {
    const fetchMock = stubFetch(new Response('{"id":1}', { status: 200 }));
    const signal = new AbortController().signal;
    await expect(fetchJson<{ id: number }>('/api/v1/me/', { signal })).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/me/', {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  });

  it('resolves null for an empty body', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(fetchJson('/x')).resolves.toBeNull();
  });

  it('throws a FetchError with the status and parsed body on a non-ok answer', async () => {
    stubFetch(new Response('{"detail":"Not found."}', { status: 404 }));
    const error = await fetchJson('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'FetchError',
      message: 'An error occurred while fetching the data',
      status: 404,
      info: { detail: 'Not found.' },
    });
  });

  it('keeps a non-JSON error body as text', async () => {
    stubFetch(new Response('Bad gateway', { status: 502 }));
    await expect(fetchJson('/x')).rejects.toMatchObject({ status: 502, info: 'Bad gateway' });
  });

  it('throws a FetchError for an ok answer that is not JSON', async () => {
    stubFetch(new Response('<html>', { status: 200 }));
    await expect(fetchJson('/x')).rejects.toMatchObject({ status: 200, info: '<html>' });
  });
});
