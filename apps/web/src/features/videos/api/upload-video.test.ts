import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadVideo, type UploadProgress } from './upload-video';

const video = {
  id: 7,
  title: 'Clip',
  kind: 'file',
  url: '/media/videos/abc.webm',
  provider: null,
  hosted_id: null,
  file_name: 'clip.webm',
  content_type: 'video/webm',
  size_bytes: 10,
  duration: 3,
  caption_state: 'none',
  used_in: [],
  updated_at: '2026-11-26T00:00:00.000Z',
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

beforeEach(() => {
  document.cookie = 'csrftoken=token; path=/';
  window.localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadVideo', () => {
  it('sends the file in chunks at the offsets the server holds, and goes on after a dropped connection', async () => {
    const puts: number[] = [];
    let dropped = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method === 'POST' && url.endsWith('/video-uploads/')) {
        return json(201, { upload_id: 'upload-0123456789ab', size: 10, received: 0, chunk_size: 4 });
      }
      if (method === 'PUT') {
        const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
        puts.push(offset);
        const length = (init!.body as Blob).size;
        if (offset === 4 && !dropped) {
          // The server kept the chunk, but the answer never arrived.
          dropped = true;
          throw new TypeError('Failed to fetch');
        }
        return json(200, { upload_id: 'upload-0123456789ab', size: 10, received: offset + length, chunk_size: 4 });
      }
      if (method === 'GET')
        return json(200, { upload_id: 'upload-0123456789ab', size: 10, received: 8, chunk_size: 4 });
      if (method === 'POST' && url.endsWith('/complete/')) return json(201, { video });
      throw new Error(`unexpected ${method} ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    const progress: UploadProgress[] = [];
    const file = new File([new Uint8Array(10)], 'clip.webm', { type: 'video/webm', lastModified: 1 });

    const result = await uploadVideo(file, {
      title: 'Clip',
      onProgress: (p) => progress.push(p),
      readDuration: async () => 3.2,
    });

    expect(result.id).toBe(7);
    expect(puts).toEqual([0, 4, 8]);
    expect(progress.map((p) => p.sent)).toEqual([0, 4, 10]);
    const started = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(started[1]!.body))).toMatchObject({ size: 10, duration: 3.2, content_type: 'video/webm' });
    // Finished: nothing left to resume.
    expect(window.localStorage.length).toBe(0);
  });

  it('resumes an upload it started before, from what the server holds', async () => {
    const file = new File([new Uint8Array(10)], 'clip.webm', { type: 'video/webm', lastModified: 2 });
    window.localStorage.setItem(`banksia.videoUpload.new.clip.webm.10.2`, 'upload-earlier000000');
    const puts: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        if (method === 'GET')
          return json(200, { upload_id: 'upload-earlier000000', size: 10, received: 8, chunk_size: 4 });
        if (method === 'PUT') {
          puts.push(Number(new URL(url, 'http://x').searchParams.get('offset')));
          return json(200, { upload_id: 'upload-earlier000000', size: 10, received: 10, chunk_size: 4 });
        }
        if (method === 'POST' && url.endsWith('/complete/')) return json(201, { video });
        throw new Error(`unexpected ${method} ${url}`);
      }),
    );
    const progress: UploadProgress[] = [];
    await uploadVideo(file, { onProgress: (p) => progress.push(p), readDuration: async () => 3 });
    expect(puts).toEqual([8]);
    expect(progress[0]).toEqual({ sent: 8, total: 10, resumed: true });
  });
});
