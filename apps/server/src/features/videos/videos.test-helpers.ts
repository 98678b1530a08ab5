import { createHash } from 'node:crypto';
import path from 'node:path';
import { VIDEO_CHUNK_BYTES } from '@banksia/contracts/videos';
import { beforeAll, expect } from 'vitest';
import {
  createClass,
  createCourse,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { mp4File, webmFile } from './video-fixtures';

/** The setup the video tests share: one app and database per test file, staff and a class, upload helpers. */

export const ctx = useTestApp();

export let staff: TestClient;
export let reviewer: TestClient;
export let teacher: TestClient;
export let studentClient: TestClient;
export let classId: number;
export let courseId: number;

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A WebM `size` bytes long whose header says it lasts `seconds`. */
export const webm = (size: number, seconds = 61.4) => webmFile(size, seconds);

/** An MP4 `size` bytes long whose movie header says it lasts `seconds`. */
export const mp4 = (size: number, seconds = 61.4) => mp4File(size, seconds);

/** Bytes that start like a WebM (EBML header) but are not one. */
export function fakeWebm(size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  bytes.writeUInt32BE(0x1a45dfa3, 0);
  return bytes;
}

/** Bytes that start like an MP4 (an `ftyp` box) with no movie header after it. */
export function fakeMp4(size: number): Buffer {
  const bytes = Buffer.alloc(size, 3);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}

export function putChunk(client: TestClient, uploadId: string, offset: number, bytes: Buffer) {
  return client.request({
    method: 'PUT',
    url: `/api/v1/admin/video-uploads/${uploadId}/?offset=${offset}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

export async function start(body: Record<string, unknown>) {
  return staff.post('/api/v1/admin/video-uploads/', {
    title: 'Adding fractions',
    file_name: 'adding.webm',
    content_type: 'video/webm',
    duration: 61.4,
    ...body,
  });
}

/** Uploads a whole file in one go; answers the video. */
export async function upload(bytes: Buffer, extra: Record<string, unknown> = {}) {
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

export const storedFile = (url: string) =>
  path.join(ctx.config.dataDir, 'uploads', ...url.replace('/media/', '').split('/'));

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
