import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { TEST_SECRET, useTestApp } from '../test/harness';
import { storageFor, type Storage } from './platform/storage';

const ctx = useTestApp();

describe('GET /media/*', () => {
  let app: FastifyInstance;
  let storage: Storage;
  let dataDir: string;
  const video = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'banksia-media-'));
    const config = { ...ctx.config, dataDir };
    storage = storageFor(config);
    await storage.put('demo/videos/clip.webm', video, 'video/webm');
    await storage.put('demo/captions/clip.en.vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n', 'text/vtt');
    // A file beside the storage root that no media URL may reach.
    await writeFile(path.join(dataDir, 'secret.txt'), 'top secret');
    app = await buildApp({ config, db: ctx.db, clock: ctx.clock, secret: TEST_SECRET });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves a stored file to anyone, cacheable for an hour', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/demo/captions/clip.en.vtt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/vtt');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toContain('Hello');
  });

  it('answers range requests so a video can seek', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/media/demo/videos/clip.webm',
      headers: { range: 'bytes=100-199' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(response.headers['content-type']).toContain('video/webm');
    expect(response.rawPayload).toEqual(video.subarray(100, 200));
  });

  it('refuses paths that climb out of the storage folder, and answers JSON 404 for missing files', async () => {
    for (const url of [
      '/media/../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/demo/%2e%2e/%2e%2e/secret.txt',
      '/media/demo/..%2f..%2fsecret.txt',
      '/media/..%5csecret.txt',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('top secret');
    }
    const missing = await app.inject({ method: 'GET', url: '/media/demo/videos/nothing.webm' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });
});
