import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadTiming, uploadVideo, type UploadProgress } from './upload-video';

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
  uploadTiming.retryBaseMs = 1;
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

describe('uploadVideo straight to S3', () => {
  const BUCKET = 'https://bucket.example.org/public/videos/abc.webm';
  const s3Status = (parts_done: number[], received = 0) => ({
    upload_id: 'upload-s3-0123456789',
    size: 10,
    received,
    chunk_size: 4,
    mode: 's3',
    part_size: 4,
    parts_done,
  });

  /** The app and the bucket: part URLs name the part; the first PUT of part 2 fails once (a dropped connection). */
  function fakeServers(options: { status?: ReturnType<typeof s3Status>; failPart2?: number } = {}) {
    const log: string[] = [];
    const putSizes: Record<number, number> = {};
    let part2Failures = options.failPart2 ?? 1;
    let inFlight = 0;
    let mostInFlight = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.startsWith(BUCKET)) {
        const part = Number(new URL(url).searchParams.get('partNumber'));
        log.push(`PUT bucket ${part}`);
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        if (part === 2 && part2Failures-- > 0) throw new TypeError('Failed to fetch');
        putSizes[part] = (init!.body as Blob).size;
        return new Response(null, { status: 200, headers: { etag: '"x"' } });
      }
      log.push(`${method} ${url.replace('/api/v1/admin/video-uploads/', '')}`);
      if (method === 'POST' && url.endsWith('/video-uploads/')) return json(201, s3Status([]));
      if (method === 'GET') return json(200, options.status ?? s3Status([]));
      if (method === 'POST' && url.endsWith('/parts/')) {
        const { part_numbers } = JSON.parse(String(init!.body)) as { part_numbers: number[] };
        return json(200, {
          parts: part_numbers.map((n) => ({ part_number: n, url: `${BUCKET}?partNumber=${n}&X-Amz-Signature=s` })),
          expires_at: '2026-11-26T00:05:00.000Z',
        });
      }
      if (method === 'POST' && url.endsWith('/complete/')) return json(201, { video });
      throw new Error(`unexpected ${method} ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    return { log, putSizes, fetchMock, mostInFlight: () => mostInFlight };
  }

  it('PUTs the parts to presigned URLs a few at once, retries a failed part with a new URL, then completes', async () => {
    const servers = fakeServers();
    const progress: UploadProgress[] = [];
    const file = new File([new Uint8Array(10)], 'clip.webm', { type: 'video/webm', lastModified: 3 });
    const result = await uploadVideo(file, {
      title: 'Clip',
      onProgress: (p) => progress.push(p),
      readDuration: async () => 3,
    });
    expect(result.id).toBe(7);
    expect(servers.putSizes).toEqual({ 1: 4, 2: 4, 3: 2 });
    expect(servers.mostInFlight()).toBe(3);
    // One ask for the three parts' URLs, a second for part 2's new URL after its failure.
    expect(servers.log.filter((l) => l.endsWith('/parts/'))).toHaveLength(2);
    expect(servers.log.filter((l) => l === 'PUT bucket 2')).toHaveLength(2);
    expect(servers.log.at(-1)).toBe('POST upload-s3-0123456789/complete/');
    // No byte went to the app: every PUT was to the bucket.
    const appPuts = servers.fetchMock.mock.calls.filter(
      ([url, init]) => init?.method === 'PUT' && !String(url).startsWith(BUCKET),
    );
    expect(appPuts).toEqual([]);
    expect(progress[0]).toEqual({ sent: 0, total: 10, resumed: false });
    expect(progress.at(-1)).toEqual({ sent: 10, total: 10, resumed: false });
    expect(window.localStorage.length).toBe(0);
  });

  it('resumes: parts the bucket holds are not sent again', async () => {
    const file = new File([new Uint8Array(10)], 'clip.webm', { type: 'video/webm', lastModified: 4 });
    window.localStorage.setItem('banksia.videoUpload.new.clip.webm.10.4', 'upload-s3-0123456789');
    const servers = fakeServers({ status: s3Status([1, 3], 6), failPart2: 0 });
    const progress: UploadProgress[] = [];
    await uploadVideo(file, { onProgress: (p) => progress.push(p), readDuration: async () => 3 });
    expect(servers.putSizes).toEqual({ 2: 4 });
    expect(progress[0]).toEqual({ sent: 6, total: 10, resumed: true });
    expect(progress.at(-1)).toEqual({ sent: 10, total: 10, resumed: true });
  });

  it('stops after a part fails every try, keeping the upload to resume', async () => {
    const servers = fakeServers({ failPart2: 99 });
    const file = new File([new Uint8Array(10)], 'clip.webm', { type: 'video/webm', lastModified: 5 });
    await expect(
      uploadVideo(file, { title: 'Clip', onProgress: () => undefined, readDuration: async () => 3 }),
    ).rejects.toMatchObject({ reason: 'NETWORK_ERROR' });
    expect(servers.log.filter((l) => l === 'PUT bucket 2')).toHaveLength(5);
    expect(servers.log.some((l) => l.endsWith('/complete/'))).toBe(false);
    expect(window.localStorage.getItem('banksia.videoUpload.new.clip.webm.10.5')).toBe('upload-s3-0123456789');
  });
});
