import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { VIDEO_CHUNK_BYTES, VIDEO_PART_BYTES } from '@banksia/contracts/videos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auditLog, captionTracks, chunks, videos, videoUploads } from '../../db/schema/index';
import {
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../test/factories';
import { makeClient, TEST_SECRET, useTestApp, type TestClient } from '../../../test/harness';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server';
import { FakeClock } from '../../platform/clock';
import { mintCsrfToken } from '../../platform/csrf';
import { createS3Client, createS3Storage, type S3Storage } from '../../platform/s3-storage';
import { createSession, SESSION_COOKIE } from '../../platform/session';
import { parseCaptions } from './caption-format';
import { mp4File, webmFile } from './video-fixtures';
import { readVideoDuration } from './video-duration';
import { removeAbandonedUploads } from './video-uploads.service';

const ctx = useTestApp();

let staff: TestClient;
let reviewer: TestClient;
let teacher: TestClient;
let studentClient: TestClient;
let classId: number;
let courseId: number;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** A WebM `size` bytes long whose header says it lasts `seconds`. */
const webm = (size: number, seconds = 61.4) => webmFile(size, seconds);
/** An MP4 `size` bytes long whose movie header says it lasts `seconds`. */
const mp4 = (size: number, seconds = 61.4) => mp4File(size, seconds);
/** Bytes that start like a WebM (EBML header) but are not one. */
function fakeWebm(size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  bytes.writeUInt32BE(0x1a45dfa3, 0);
  return bytes;
}
/** Bytes that start like an MP4 (an `ftyp` box) with no movie header after it. */
function fakeMp4(size: number): Buffer {
  const bytes = Buffer.alloc(size, 3);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}

function putChunk(client: TestClient, uploadId: string, offset: number, bytes: Buffer) {
  return client.request({
    method: 'PUT',
    url: `/api/v1/admin/video-uploads/${uploadId}/?offset=${offset}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

async function start(body: Record<string, unknown>) {
  return staff.post('/api/v1/admin/video-uploads/', {
    title: 'Adding fractions',
    file_name: 'adding.webm',
    content_type: 'video/webm',
    duration: 61.4,
    ...body,
  });
}

/** Uploads a whole file in one go; answers the video. */
async function upload(bytes: Buffer, extra: Record<string, unknown> = {}) {
  const started = await start({ size: bytes.length, ...extra });
  expect(started.statusCode, started.body).toBe(201);
  const { upload_id } = started.json() as { upload_id: string };
  for (let offset = 0; offset < bytes.length; offset += VIDEO_CHUNK_BYTES) {
    const res = await putChunk(staff, upload_id, offset, bytes.subarray(offset, offset + VIDEO_CHUNK_BYTES));
    expect(res.statusCode, res.body).toBe(200);
  }
  const done = await staff.post(`/api/v1/admin/video-uploads/${upload_id}/complete/`);
  expect(done.statusCode, done.body).toBe(201);
  return (done.json() as { video: { id: number; url: string; duration: number; title: string } }).video;
}

const storedFile = (url: string) => path.join(ctx.config.dataDir, 'uploads', ...url.replace('/media/', '').split('/'));

beforeAll(async () => {
  staff = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
  reviewer = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
  const course = await createCourse(ctx.db);
  courseId = course.id;
  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school, { courseId: course.id });
  classId = klass.id;
  teacher = await ctx.client((await createTeacher(ctx.db, school, [klass])).user.id);
  studentClient = await ctx.client((await createStudent(ctx.db, school, [klass])).user.id);
});

describe('video uploads', () => {
  it('resume after an interruption: a wrong offset is a 409 naming where to go on, then the rest completes', async () => {
    const bytes = webm(VIDEO_CHUNK_BYTES + 1000);
    const started = await start({ size: bytes.length });
    expect(started.statusCode, started.body).toBe(201);
    const { upload_id, chunk_size } = started.json() as { upload_id: string; chunk_size: number };
    expect(chunk_size).toBe(VIDEO_CHUNK_BYTES);
    expect((await putChunk(staff, upload_id, 0, bytes.subarray(0, chunk_size))).json()).toMatchObject({
      received: chunk_size,
    });
    // The browser lost the answer and sends the first chunk again: refused, with where the server's copy ends.
    const again = await putChunk(staff, upload_id, 0, bytes.subarray(0, chunk_size));
    expect(again.statusCode).toBe(409);
    expect(again.headers['upload-offset']).toBe(String(chunk_size));
    // Finishing early is refused too.
    expect((await staff.post(`/api/v1/admin/video-uploads/${upload_id}/complete/`)).statusCode).toBe(409);
    // After a reload, the status says where to resume.
    const status = await staff.get(`/api/v1/admin/video-uploads/${upload_id}/`);
    expect(status.json()).toMatchObject({ received: chunk_size, size: bytes.length });
    // Someone else cannot see or continue it.
    expect((await reviewer.get(`/api/v1/admin/video-uploads/${upload_id}/`)).statusCode).toBe(404);
    expect((await putChunk(staff, upload_id, chunk_size, bytes.subarray(chunk_size))).statusCode).toBe(200);
    const done = await staff.post(`/api/v1/admin/video-uploads/${upload_id}/complete/`);
    expect(done.statusCode, done.body).toBe(201);
    const { video } = done.json() as { video: { id: number; url: string; duration: number; size_bytes: number } };
    expect(video).toMatchObject({ duration: 61, size_bytes: bytes.length, title: 'Adding fractions', kind: 'file' });
    expect(readFileSync(storedFile(video.url)).equals(bytes)).toBe(true);
    expect(await ctx.db.select().from(videoUploads).where(eq(videoUploads.id, upload_id))).toEqual([]);
    expect(existsSync(path.join(ctx.config.dataDir, 'video-uploads', `${upload_id}.part`))).toBe(false);
    const [logged] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'upload_video'));
    expect(logged).toMatchObject({ entityId: String(video.id) });
  });

  it('refuses a wrong type, a file too large, and bytes that are not the declared video', async () => {
    const wrongType = await start({ size: 100, content_type: 'video/quicktime' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.content_type).toEqual(['Choose an MP4 or WebM video.']);
    const tooBig = await start({ size: 2_000_000_001 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors.size).toBeDefined();
    // Declared WebM, but the bytes are an MP4: refused at the first chunk.
    const started = await start({ size: 1000 });
    const { upload_id } = started.json() as { upload_id: string };
    const wrongBytes = await putChunk(staff, upload_id, 0, mp4(1000));
    expect(wrongBytes.statusCode).toBe(400);
    expect(wrongBytes.json().errors.file).toEqual(['This file is not a WebM video.']);
    // More bytes than declared.
    expect((await putChunk(staff, upload_id, 0, webm(1001))).statusCode).toBe(400);
    // An MP4 declared as MP4 is fine.
    const video = await upload(mp4(5000), { content_type: 'video/mp4', file_name: 'clip.mp4' });
    expect(video.url).toMatch(/\.mp4$/);
  });

  it("takes the length from the file's container, not from the browser's number", async () => {
    // The browser said 61.4 s (start's default); the files say otherwise.
    const fromWebm = await upload(webm(3000, 125.6), { title: 'Long WebM' });
    expect(fromWebm.duration).toBe(126);
    const fromMp4 = await upload(mp4(3000, 7.2), { content_type: 'video/mp4', file_name: 'short.mp4' });
    expect(fromMp4.duration).toBe(7);
    // A real file: the demo's 24-second WebM.
    const real = readFileSync(path.join(import.meta.dirname, '../../db/seed/media/equivalent-fractions.webm'));
    expect((await upload(real, { duration: 999 })).duration).toBe(24);
    const [logged] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(fromMp4.id)));
    expect(logged?.after).toMatchObject({ duration: 7 });
  });

  it('refuses (400 on file) a video whose container cannot be read or that lasts over 4 hours, and ends its upload', async () => {
    for (const [bytes, extra, kind] of [
      [fakeWebm(3000), {}, 'WebM'],
      [webmFile(3000, null), {}, 'WebM'],
      [fakeMp4(3000), { content_type: 'video/mp4', file_name: 'clip.mp4' }, 'MP4'],
    ] as const) {
      const started = await start({ size: bytes.length, title: 'Unreadable', ...extra });
      const { upload_id } = started.json() as { upload_id: string };
      expect((await putChunk(staff, upload_id, 0, bytes)).statusCode).toBe(200);
      const done = await staff.post(`/api/v1/admin/video-uploads/${upload_id}/complete/`);
      expect(done.statusCode, done.body).toBe(400);
      expect(done.json().errors.file).toEqual([
        `The length of this video could not be read from the file: it is not a complete ${kind} video, or its header states no duration. Export it again and upload the new file.`,
      ]);
      expect(await ctx.db.select().from(videoUploads).where(eq(videoUploads.id, upload_id))).toEqual([]);
      expect(existsSync(path.join(ctx.config.dataDir, 'video-uploads', `${upload_id}.part`))).toBe(false);
    }
    // Readable, but longer than the 4 hours a video may last (whatever the browser said).
    const long = webm(3000, 4 * 3600 + 1);
    const started = await start({ size: long.length, title: 'Unreadable' });
    const { upload_id } = started.json() as { upload_id: string };
    await putChunk(staff, upload_id, 0, long);
    const done = await staff.post(`/api/v1/admin/video-uploads/${upload_id}/complete/`);
    expect(done.statusCode).toBe(400);
    expect(done.json().errors.file).toEqual(['The video is longer than 4 hours.']);
    const list = await staff.get('/api/v1/admin/videos/?q=Unreadable');
    expect(list.json().videos).toEqual([]);
  });

  it('reads an MP4 whose movie header comes after its media data, skipping the media', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mp4-'));
    // ftyp, a 3 MB mdat, then moov: the reader jumps over the mdat rather than reading it.
    const plain = mp4File(400, 42);
    const ftyp = plain.subarray(0, 24);
    const moov = plain.subarray(24, 24 + plain.readUInt32BE(24));
    const mdat = Buffer.alloc(3_000_000, 5);
    mdat.writeUInt32BE(mdat.length, 0);
    mdat.write('mdat', 4, 'latin1');
    const file = path.join(dir, 'late-moov.mp4');
    writeFileSync(file, Buffer.concat([ftyp, mdat, moov]));
    expect(await readVideoDuration(file, 'video/mp4')).toBeCloseTo(42, 3);
    // Declared MP4 but a WebM inside (or the other way round) reads as nothing.
    const webmPath = path.join(dir, 'clip.webm');
    writeFileSync(webmPath, webm(2000, 10));
    expect(await readVideoDuration(webmPath, 'video/mp4')).toBeNull();
    expect(await readVideoDuration(webmPath, 'video/webm')).toBeCloseTo(10, 3);
    expect(await readVideoDuration(file, 'video/webm')).toBeNull();
  });

  it('replaces a file keeping the video id, and deletes the old file', async () => {
    const first = await upload(webm(3000));
    const started = await start({ size: 4000, video_id: first.id, duration: 90, title: undefined });
    const { upload_id } = started.json() as { upload_id: string };
    await putChunk(staff, upload_id, 0, webm(4000, 90));
    const done = await staff.post(`/api/v1/admin/video-uploads/${upload_id}/complete/`);
    const { video } = done.json() as { video: { id: number; url: string; duration: number } };
    expect(video).toMatchObject({ id: first.id, duration: 90, title: 'Adding fractions' });
    expect(video.url).not.toBe(first.url);
    expect(existsSync(storedFile(first.url))).toBe(false);
    expect(readFileSync(storedFile(video.url)).length).toBe(4000);
  });

  it('lists with search and where each video is used; deletes only what no lesson plays', async () => {
    const used = await upload(webm(2000), { title: 'Used in a published lesson' });
    const draftOnly = await upload(webm(2000), { title: 'Used in a draft' });
    const free = await upload(webm(2000), { title: 'Nobody uses me' });
    const published = await createLesson(ctx.db, { id: courseId }, { title: 'Published lesson', chunks: 1 });
    await ctx.db.update(chunks).set({ videoId: used.id }).where(eq(chunks.id, published.chunks[0]!.id));
    const draft = await createLesson(
      ctx.db,
      { id: courseId },
      { title: 'Draft lesson', chunks: 1, isPublished: false },
    );
    await ctx.db.update(chunks).set({ videoId: draftOnly.id }).where(eq(chunks.id, draft.chunks[0]!.id));

    const found = (await staff.get('/api/v1/admin/videos/?q=published')).json() as {
      videos: { id: number; used_in: { lesson_title: string; lesson_is_published: boolean }[] }[];
    };
    expect(found.videos.map((v) => v.id)).toEqual([used.id]);
    expect(found.videos[0]!.used_in).toEqual([
      expect.objectContaining({ lesson_title: 'Published lesson', lesson_is_published: true, chunk_title: 'Part 1' }),
    ]);

    const refused = await staff.request({ method: 'DELETE', url: `/api/v1/admin/videos/${used.id}/` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/used by a published lesson: Published lesson/);
    const refusedDraft = await staff.request({ method: 'DELETE', url: `/api/v1/admin/videos/${draftOnly.id}/` });
    expect(refusedDraft.statusCode).toBe(409);
    expect(refusedDraft.json().detail).toMatch(/draft lessons: Draft lesson/);

    const deleted = await staff.request({ method: 'DELETE', url: `/api/v1/admin/videos/${free.id}/` });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.db.select().from(videos).where(eq(videos.id, free.id))).toEqual([]);
    expect(existsSync(storedFile(free.url))).toBe(false);
  });

  it('renames a video, audited', async () => {
    const video = await upload(webm(1000), { title: 'Old name' });
    const renamed = await staff.patch(`/api/v1/admin/videos/${video.id}/`, { title: 'New name' });
    expect(renamed.json().video).toMatchObject({ id: video.id, title: 'New name' });
    const blank = await staff.patch(`/api/v1/admin/videos/${video.id}/`, { title: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.title).toBeDefined();
    const [logged] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'rename_video'));
    expect(logged).toMatchObject({ before: { title: 'Old name' }, after: { title: 'New name' } });
  });

  it('is for content staff only', async () => {
    expect((await teacher.get('/api/v1/admin/videos/')).statusCode).toBe(403);
    expect((await studentClient.post('/api/v1/admin/video-uploads/', {})).statusCode).toBe(403);
  });
});

describe('caption files', () => {
  it('reads WebVTT and SRT, and names the line of each problem', () => {
    const good = parseCaptions('1\n00:00:01,000 --> 00:00:02,500\nHello\n', 'srt');
    expect(good).toMatchObject({ ok: true, value: { cues: [{ start: 1, end: 2.5, text: 'Hello' }] } });
    const badVtt = parseCaptions(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:03.00 --> 00:00:04.000\nTwo\n',
      'vtt',
    );
    expect(badVtt).toEqual({
      ok: false,
      problems: [{ line: 6, message: 'Milliseconds must be given in three digits.' }],
    });
    const badSrt = parseCaptions(
      '1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 -> 00:00:04,000\nTwo\n',
      'srt',
    );
    expect(badSrt.ok).toBe(false);
    expect(!badSrt.ok && badSrt.problems[0]!.line).toBe(6);
    expect(parseCaptions('Hello', 'vtt')).toMatchObject({ ok: false, problems: [{ line: 1 }] });
    expect(parseCaptions('WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nBackwards\n', 'vtt')).toMatchObject({
      ok: false,
      problems: [{ line: 3, message: 'End timestamp is not greater than start timestamp.' }],
    });
  });
});

describe('caption review', () => {
  const VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHalves and quarters\n';

  async function captionedLesson() {
    const video = await upload(webm(2000), { title: 'Captioned' });
    const lesson = await createLesson(ctx.db, { id: courseId }, { title: 'Captioned lesson', chunks: 1 });
    await ctx.db.update(chunks).set({ videoId: video.id }).where(eq(chunks.id, lesson.chunks[0]!.id));
    return { video, lesson };
  }

  async function studentCaptions(lessonId: number) {
    const res = await studentClient.get(`/api/v1/classes/${classId}/assemblage/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { lessons: Record<string, { chunks: { video: { captions: { url: string }[] } }[] }> };
    return body.lessons[lessonId]!.chunks[0]!.video.captions;
  }

  it('refuses an upload with problems, listing each with its line', async () => {
    const { video } = await captionedLesson();
    const res = await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, {
      format: 'vtt',
      text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:03.00 --> 00:00:04.000\nTwo\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.text).toEqual(['Line 6: Milliseconds must be given in three digits.']);
    expect(await ctx.db.select().from(captionTracks).where(eq(captionTracks.videoId, video.id))).toEqual([]);
  });

  it('serves students only approved captions; the author cannot approve their own', async () => {
    const { video, lesson } = await captionedLesson();
    const saved = await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, { format: 'vtt', text: VTT });
    expect(saved.statusCode, saved.body).toBe(200);
    let track = (saved.json() as { track: { id: number; version: number; status: string } }).track;
    expect(track).toMatchObject({ status: 'draft', cue_count: 1, has_published: false });
    expect(await studentCaptions(lesson.lesson.id)).toEqual([]);

    track = (await staff.post(`/api/v1/admin/caption-tracks/${track.id}/submit/`, { version: track.version })).json()
      .track;
    expect(track.status).toBe('in_review');
    expect(await studentCaptions(lesson.lesson.id)).toEqual([]);
    const vtt = await reviewer.get(`/api/v1/admin/caption-tracks/${track.id}/vtt/`);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.body).toContain('Halves and quarters');
    const review = (await reviewer.get(`/api/v1/admin/caption-review/${courseId}/`)).json() as {
      items: { track: { id: number } }[];
    };
    expect(review.items.map((i) => i.track.id)).toEqual([track.id]);

    const self = await staff.post(`/api/v1/admin/caption-tracks/${track.id}/review/`, {
      decision: 'approve',
      version: track.version,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe('You wrote these captions: someone else must approve them.');

    const sentBack = await reviewer.post(`/api/v1/admin/caption-tracks/${track.id}/review/`, {
      decision: 'send_back',
      version: track.version,
      comment: 'Spell out "quarters" consistently.',
    });
    expect(sentBack.json().track).toMatchObject({ status: 'changes_requested', review_comment: expect.any(String) });
    track = sentBack.json().track;
    track = (await staff.post(`/api/v1/admin/caption-tracks/${track.id}/submit/`, { version: track.version })).json()
      .track;

    const approved = await reviewer.post(`/api/v1/admin/caption-tracks/${track.id}/review/`, {
      decision: 'approve',
      version: track.version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().track).toMatchObject({ status: 'approved', has_published: true });
    const served = await studentCaptions(lesson.lesson.id);
    expect(served).toHaveLength(1);
    expect(readFileSync(storedFile(served[0]!.url), 'utf8')).toContain('Halves and quarters');

    // A new draft does not take the approved copy away from students until it is approved in turn.
    const edited = await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, {
      format: 'srt',
      text: '1\n00:00:00,500 --> 00:00:02,000\nHalves and quarters (edited)\n',
      version: approved.json().track.version,
    });
    expect(edited.json().track).toMatchObject({ status: 'draft' });
    expect((await studentCaptions(lesson.lesson.id))[0]!.url).toBe(served[0]!.url);
    // A stale edit is a conflict.
    const stale = await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, {
      format: 'vtt',
      text: VTT,
      version: approved.json().track.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('counts courses by caption state and tracks caption orders', async () => {
    const { video } = await captionedLesson();
    const ordered = await staff.post(`/api/v1/admin/captions/${courseId}/orders/`, { video_ids: [video.id] });
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(ordered.json()).toEqual({ created: 1 });
    let page = (await staff.get(`/api/v1/admin/captions/${courseId}/`)).json() as {
      videos: { video: { id: number; caption_state: string }; order: { status: string } | null }[];
    };
    let row = page.videos.find((v) => v.video.id === video.id)!;
    expect(row.video.caption_state).toBe('requested');
    expect(row.order?.status).toBe('requested');
    await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, { format: 'vtt', text: VTT });
    page = (await staff.get(`/api/v1/admin/captions/${courseId}/`)).json();
    row = page.videos.find((v) => v.video.id === video.id)!;
    expect(row.order?.status).toBe('drafted');
    const courses = (await staff.get('/api/v1/admin/captions/')).json() as {
      courses: { course_id: number; video_count: number; counts: Record<string, number> }[];
    };
    const mine = courses.courses.find((c) => c.course_id === courseId)!;
    expect(mine.counts.draft).toBeGreaterThanOrEqual(1);
    expect(Object.values(mine.counts).reduce((a, b) => a + b, 0)).toBe(mine.video_count);
  });
});

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
