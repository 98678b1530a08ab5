import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { VIDEO_PART_BYTES } from '@banksia/contracts/videos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auditLog, captionTracks, videoUploads } from '../../db/schema/index';
import { createUser } from '../../../test/factories';
import { makeClient, TEST_SECRET, type TestClient } from '../../../test/harness';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server';
import { FakeClock } from '../../platform/clock';
import { mintCsrfToken } from '../../platform/csrf';
import { createS3Client, createS3Storage, type S3Storage } from '../../platform/s3-storage';
import { createSession, SESSION_COOKIE } from '../../platform/session';
import { webmFile } from './video-fixtures';
import { removeAbandonedUploads } from './video-uploads.service';
import { ctx, staff, sha256, webm, mp4, fakeMp4, putChunk, start } from './videos.test-helpers';

describe('with S3 storage (s3rver): uploads straight to the bucket', () => {
  let s3: TestS3Server;
  let s3App: FastifyInstance;
  let s3Client: S3Client;
  let bucket: S3Storage;
  let dataDir: string;
  // s3rver checks a presigned URL's expiry against the real clock: this app signs at the real time.
  const clock = new FakeClock(new Date());
  let c: TestClient;
  let r: TestClient;
  const config = () => ({ ...ctx.config, dataDir, s3: s3.config });

  async function clientOf(userId: number) {
    const session = await createSession({ db: ctx.db, clock, config: ctx.config }, userId);
    return makeClient(s3App, { [SESSION_COOKIE]: session.token, csrftoken: mintCsrfToken(TEST_SECRET, session.hash) });
  }

  beforeAll(async () => {
    s3 = await startTestS3Server();
    s3Client = createS3Client(s3.config);
    bucket = createS3Storage(s3Client, s3.config, 'public');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'banksia-videos-s3-'));
    s3App = await buildApp({ config: config(), db: ctx.db, clock, secret: TEST_SECRET, jobs: ctx.jobs });
    c = await clientOf((await createUser(ctx.db, { roles: ['content_admin'] })).id);
    r = await clientOf((await createUser(ctx.db, { roles: ['content_admin'] })).id);
  });
  afterAll(async () => {
    await s3App?.close();
    s3Client?.destroy();
    await s3?.close();
  });

  interface Status {
    upload_id: string;
    size: number;
    received: number;
    mode: string;
    part_size: number;
    parts_done: number[];
  }

  async function startDirect(client: TestClient, bytes: Buffer, extra: Record<string, unknown> = {}) {
    const started = await client.post('/api/v1/admin/video-uploads/', {
      title: 'Straight to S3',
      file_name: 'clip.mp4',
      content_type: 'video/mp4',
      size: bytes.length,
      duration: 12,
      ...extra,
    });
    expect(started.statusCode, started.body).toBe(201);
    return started.json() as Status;
  }

  /** As the browser does: asks the app for the parts' presigned URLs, then PUTs each part's bytes to the bucket. */
  async function sendParts(client: TestClient, status: Status, bytes: Buffer, numbers: number[]) {
    const urls = await client.post(`/api/v1/admin/video-uploads/${status.upload_id}/parts/`, { part_numbers: numbers });
    expect(urls.statusCode, urls.body).toBe(200);
    const { parts, expires_at } = urls.json() as { parts: { part_number: number; url: string }[]; expires_at: string };
    expect(parts.map((p) => p.part_number)).toEqual(numbers);
    expect(new Date(expires_at).getTime() - clock.now().getTime()).toBe(300_000);
    await Promise.all(
      parts.map(async ({ part_number: n, url }) => {
        expect(url.startsWith(`${s3.endpoint}/${s3.config.bucket}/public/videos/`)).toBe(true);
        const body = bytes.subarray((n - 1) * status.part_size, n * status.part_size);
        const put = await fetch(url, { method: 'PUT', body });
        expect(put.status, await put.text()).toBe(200);
      }),
    );
  }

  const objectKeyOf = (url: string) => url.slice(url.indexOf('/public/') + 1);
  async function inBucket(objectKey: string) {
    try {
      return (await s3Client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: objectKey }))).ContentLength;
    } catch {
      return null;
    }
  }
  const rowOf = async (uploadId: string) =>
    (await ctx.db.select().from(videoUploads).where(eq(videoUploads.id, uploadId)))[0];

  it('uploads a video in parts PUT straight to presigned URLs; the server lists them, completes and reads the length', async () => {
    // An MP4 of three parts (8 MiB, 8 MiB and the rest) whose movie header says 95.3 s.
    const bytes = mp4(2 * VIDEO_PART_BYTES + 12_345, 95.3);
    const status = await startDirect(c, bytes);
    expect(status).toMatchObject({ mode: 's3', part_size: VIDEO_PART_BYTES, received: 0, parts_done: [] });
    const row = await rowOf(status.upload_id);
    expect(row).toMatchObject({ storageKey: expect.stringMatching(/^videos\/[0-9a-f]{16}\.mp4$/) });
    expect(row!.s3UploadId).toBeTruthy();

    await sendParts(c, status, bytes, [1, 2, 3]);
    const done = await c.post(`/api/v1/admin/video-uploads/${status.upload_id}/complete/`);
    expect(done.statusCode, done.body).toBe(201);
    const { video } = done.json() as { video: { id: number; url: string; duration: number; size_bytes: number } };
    expect(video).toMatchObject({ duration: 95, size_bytes: bytes.length, title: 'Straight to S3', kind: 'file' });
    // The file is the one chosen at the start, in the bucket's public area, with its type.
    expect(video.url).toBe(`${s3.endpoint}/${s3.config.bucket}/public/${row!.storageKey}`);
    const head = await s3Client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: objectKeyOf(video.url) }));
    expect(head).toMatchObject({ ContentLength: bytes.length, ContentType: 'video/mp4' });
    expect(sha256(Buffer.from(await (await fetch(video.url)).arrayBuffer()))).toBe(sha256(bytes));
    // Nothing went through the app: no part file on its disk; the upload is over.
    expect(existsSync(path.join(dataDir, 'video-uploads'))).toBe(false);
    expect(await rowOf(status.upload_id)).toBeUndefined();
    const [logged] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(video.id)));
    expect(logged).toMatchObject({ action: 'upload_video', after: { duration: 95, storage_key: row!.storageKey } });

    // A real WebM (the demo's 24 seconds), one part, its length read from the bucket with ranged reads.
    const real = readFileSync(path.join(import.meta.dirname, '../../db/seed/media/equivalent-fractions.webm'));
    const webmStatus = await startDirect(c, real, {
      content_type: 'video/webm',
      file_name: 'real.webm',
      duration: 999,
    });
    expect(webmStatus.part_size).toBe(VIDEO_PART_BYTES);
    await sendParts(c, webmStatus, real, [1]);
    const webmDone = await c.post(`/api/v1/admin/video-uploads/${webmStatus.upload_id}/complete/`);
    expect(webmDone.statusCode, webmDone.body).toBe(201);
    expect(webmDone.json().video).toMatchObject({ duration: 24, content_type: 'video/webm' });
    expect(webmDone.json().video.url).toMatch(/\.webm$/);
  });

  it('resumes: the status lists the parts the bucket holds whole; completing before every part is in is refused', async () => {
    const bytes = webm(2 * VIDEO_PART_BYTES + 500, 33);
    const status = await startDirect(c, bytes, { content_type: 'video/webm', file_name: 'resume.webm' });
    await sendParts(c, status, bytes, [1, 3]);
    const after = await c.get(`/api/v1/admin/video-uploads/${status.upload_id}/`);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({
      mode: 's3',
      size: bytes.length,
      parts_done: [1, 3],
      received: VIDEO_PART_BYTES + 500,
      part_size: VIDEO_PART_BYTES,
    });
    const early = await c.post(`/api/v1/admin/video-uploads/${status.upload_id}/complete/`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(
      /not finished: 8389108 of 16777716 bytes are in storage \(1 of 3 parts missing\)/,
    );

    // A part cut short (not its planned size) is not done: the page sends it again.
    const [short] = (
      await c.post(`/api/v1/admin/video-uploads/${status.upload_id}/parts/`, { part_numbers: [2] })
    ).json().parts as { url: string }[];
    expect((await fetch(short!.url, { method: 'PUT', body: bytes.subarray(0, 1000) })).status).toBe(200);
    expect((await c.get(`/api/v1/admin/video-uploads/${status.upload_id}/`)).json().parts_done).toEqual([1, 3]);
    expect((await c.post(`/api/v1/admin/video-uploads/${status.upload_id}/complete/`)).statusCode).toBe(409);

    await sendParts(c, status, bytes, [2]);
    expect((await c.get(`/api/v1/admin/video-uploads/${status.upload_id}/`)).json()).toMatchObject({
      parts_done: [1, 2, 3],
      received: bytes.length,
    });
    const done = await c.post(`/api/v1/admin/video-uploads/${status.upload_id}/complete/`);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().video).toMatchObject({ duration: 33, size_bytes: bytes.length });
  });

  it('goes on from the file S3 made when an earlier completion failed after CompleteMultipartUpload', async () => {
    const bytes = mp4(VIDEO_PART_BYTES + 10, 20);
    const status = await startDirect(c, bytes);
    await sendParts(c, status, bytes, [1, 2]);
    const row = (await rowOf(status.upload_id))!;
    // As if the app had completed the upload in S3 and then failed before its transaction.
    await bucket.completeMultipartUpload(
      row.storageKey!,
      row.s3UploadId!,
      (await bucket.listParts(row.storageKey!, row.s3UploadId!))!,
    );
    expect((await c.get(`/api/v1/admin/video-uploads/${status.upload_id}/`)).json()).toMatchObject({
      parts_done: [1, 2],
      received: bytes.length,
    });
    const done = await c.post(`/api/v1/admin/video-uploads/${status.upload_id}/complete/`);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().video).toMatchObject({ duration: 20 });
  });

  it('two completions at once: one makes the video, the other is a 409 and leaves its file alone', async () => {
    const bytes = webm(VIDEO_PART_BYTES + 100, 40);
    const status = await startDirect(c, bytes, { content_type: 'video/webm', file_name: 'twice.webm' });
    await sendParts(c, status, bytes, [1, 2]);
    const answers = await Promise.all(
      [1, 2].map(() => c.post(`/api/v1/admin/video-uploads/${status.upload_id}/complete/`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const { video } = answers.find((a) => a.statusCode === 201)!.json() as { video: { url: string; duration: number } };
    expect(video.duration).toBe(40);
    expect(await inBucket(objectKeyOf(video.url))).toBe(bytes.length);
  });

  it('refuses (400 on file) bytes that are not the declared video or whose length cannot be read, and deletes them', async () => {
    for (const [bytes, extra, message] of [
      // Declared WebM, but the bytes are an MP4.
      [mp4(3000), { content_type: 'video/webm', file_name: 'clip.webm' }, 'This file is not a WebM video.'],
      [fakeMp4(VIDEO_PART_BYTES + 3000), {}, expect.stringMatching(/^The length of this video could not be read/)],
      [webmFile(3000, null), { content_type: 'video/webm', file_name: 'live.webm' }, expect.stringMatching(/WebM/)],
      [
        webm(3000, 4 * 3600 + 1),
        { content_type: 'video/webm', file_name: 'long.webm' },
        'The video is longer than 4 hours.',
      ],
    ] as const) {
      const status = await startDirect(c, bytes, extra);
      const row = (await rowOf(status.upload_id))!;
      await sendParts(c, status, bytes, status.size > VIDEO_PART_BYTES ? [1, 2] : [1]);
      const done = await c.post(`/api/v1/admin/video-uploads/${status.upload_id}/complete/`);
      expect(done.statusCode, done.body).toBe(400);
      expect(done.json().errors.file).toEqual([message]);
      // The upload is over and its file gone from the bucket.
      expect(await rowOf(status.upload_id)).toBeUndefined();
      expect(await inBucket(`public/${row.storageKey}`)).toBeNull();
      expect(await bucket.listParts(row.storageKey!, row.s3UploadId!)).toBeNull();
      expect((await c.get(`/api/v1/admin/video-uploads/${status.upload_id}/`)).statusCode).toBe(404);
    }
  });

  it('cancelling aborts the multipart upload; abandoned uploads are aborted by the clean-up', async () => {
    const bytes = mp4(VIDEO_PART_BYTES + 10);
    const status = await startDirect(c, bytes);
    const row = (await rowOf(status.upload_id))!;
    await sendParts(c, status, bytes, [1]);
    expect(await bucket.listParts(row.storageKey!, row.s3UploadId!)).toHaveLength(1);
    const cancelled = await c.request({ method: 'DELETE', url: `/api/v1/admin/video-uploads/${status.upload_id}/` });
    expect(cancelled.statusCode).toBe(204);
    expect(await bucket.listParts(row.storageKey!, row.s3UploadId!)).toBeNull();
    expect(await rowOf(status.upload_id)).toBeUndefined();
    expect(
      (await c.post(`/api/v1/admin/video-uploads/${status.upload_id}/parts/`, { part_numbers: [1] })).statusCode,
    ).toBe(404);

    const stale = await startDirect(c, bytes);
    const staleRow = (await rowOf(stale.upload_id))!;
    await sendParts(c, stale, bytes, [2]);
    await ctx.db
      .update(videoUploads)
      .set({ createdAt: new Date(clock.now().getTime() - 25 * 3600_000) })
      .where(eq(videoUploads.id, stale.upload_id));
    const warnings: object[] = [];
    const removed = await removeAbandonedUploads(
      { ...ctx.deps, config: config(), clock },
      { warn: (details) => warnings.push(details) },
    );
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(warnings).toEqual([]);
    expect(await rowOf(stale.upload_id)).toBeUndefined();
    expect(await bucket.listParts(staleRow.storageKey!, staleRow.s3UploadId!)).toBeNull();
  });

  it("gives part URLs only to the upload's starter, for its own parts; chunks through the app are refused", async () => {
    const bytes = mp4(2 * VIDEO_PART_BYTES + 1);
    const status = await startDirect(c, bytes);
    const url = `/api/v1/admin/video-uploads/${status.upload_id}/parts/`;
    // Another content admin: as good as missing.
    expect((await r.post(url, { part_numbers: [1] })).statusCode).toBe(404);
    expect((await r.get(`/api/v1/admin/video-uploads/${status.upload_id}/`)).statusCode).toBe(404);
    expect((await r.post(`/api/v1/admin/video-uploads/${status.upload_id}/complete/`)).statusCode).toBe(404);
    const beyond = await c.post(url, { part_numbers: [1, 4] });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors.part_numbers).toEqual(['This upload has 3 parts: there is no part 4.']);
    const zero = await c.post(url, { part_numbers: [0] });
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json().errors)[0]).toMatch(/^part_numbers/);
    const many = await c.post(url, { part_numbers: Array.from({ length: 21 }, (_, i) => i + 1) });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors.part_numbers).toEqual(['Ask for at most 20 parts at a time.']);
    const chunk = await putChunk(c, status.upload_id, 0, bytes.subarray(0, 1000));
    expect(chunk.statusCode).toBe(409);
    expect(chunk.json().detail).toMatch(/straight to S3/);
    // Part URLs of an upload sent through the app make no sense.
    const local = await start({ size: 1000 });
    const refused = await staff.post(`/api/v1/admin/video-uploads/${local.json().upload_id}/parts/`, {
      part_numbers: [1],
    });
    expect(refused.statusCode).toBe(409);
  });

  it('replaces a file and approves captions in the public prefix of the bucket', async () => {
    const first = webm(3000, 10);
    const firstStatus = await startDirect(c, first, { content_type: 'video/webm', file_name: 'a.webm' });
    await sendParts(c, firstStatus, first, [1]);
    const { video } = (await c.post(`/api/v1/admin/video-uploads/${firstStatus.upload_id}/complete/`)).json() as {
      video: { id: number; url: string };
    };
    const second = webm(4000, 90);
    const replacing = await startDirect(c, second, {
      content_type: 'video/webm',
      file_name: 'b.webm',
      video_id: video.id,
      title: undefined,
    });
    await sendParts(c, replacing, second, [1]);
    const replaced = await c.post(`/api/v1/admin/video-uploads/${replacing.upload_id}/complete/`);
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json().video).toMatchObject({ id: video.id, duration: 90, size_bytes: 4000 });
    expect(await inBucket(objectKeyOf(video.url))).toBeNull();
    expect(await inBucket(objectKeyOf(replaced.json().video.url))).toBe(4000);

    const saved = await c.put(`/api/v1/admin/videos/${video.id}/captions/`, {
      format: 'vtt',
      text: 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nOn the bucket\n',
    });
    let track = saved.json().track as { id: number; version: number };
    track = (await c.post(`/api/v1/admin/caption-tracks/${track.id}/submit/`, { version: track.version })).json().track;
    const approved = await r.post(`/api/v1/admin/caption-tracks/${track.id}/review/`, {
      decision: 'approve',
      version: track.version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await ctx.db.select().from(captionTracks).where(eq(captionTracks.id, track.id));
    const file = await s3Client.send(
      new GetObjectCommand({ Bucket: s3.config.bucket, Key: `public/${row!.storageKey}` }),
    );
    expect(await file.Body!.transformToString()).toContain('On the bucket');
  });
});
