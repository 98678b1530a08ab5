import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VIDEO_CHUNK_BYTES } from '@banksia/contracts/videos';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, chunks, videos, videoUploads } from '../../db/schema/index';
import { createLesson } from '../../../test/factories';
import { mp4File, webmFile } from './video-fixtures';
import { readVideoDuration } from './video-duration';
import {
  ctx,
  staff,
  reviewer,
  teacher,
  studentClient,
  courseId,
  webm,
  mp4,
  fakeWebm,
  fakeMp4,
  putChunk,
  start,
  upload,
  storedFile,
} from './videos.test-helpers';

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
