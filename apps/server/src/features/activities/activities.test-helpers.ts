import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { makeClient, TEST_SECRET, useTestApp, type TestClient } from '../../../test/harness';
import { multipartForm, TINY_PNG } from '../../../test/multipart';
import { activityDetailSchema } from '@banksia/contracts/activities';

/** The setup the activity tests share: one app and database per test file, a class with an activity, request helpers. */

export const ctx = useTestApp();

export let app: FastifyInstance;
export let dataDir: string;

/** Warnings and errors the app logged (JSON lines). */
export const logged: string[] = [];

// Its own app on a temporary DATA_DIR, so uploaded files can be looked at and are cleaned up.
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'banksia-activities-'));
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
  app = await buildApp(
    { config: { ...ctx.config, dataDir }, db: ctx.db, clock: ctx.clock, secret: TEST_SECRET },
    { logger },
  );
});

afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

export async function client(userId: number, on: FastifyInstance = app): Promise<TestClient> {
  return makeClient(on, { ...(await ctx.client(userId)).cookies });
}

export const blocks = [
  { id: 'p1', type: 'paragraph', data: { text: 'Read <b>this</b><script>alert(1)</script>' } },
  { id: 'rt1', type: 'rich-text', data: { text: 'Explain', example_response: '<p onclick="x()">Model</p>' } },
  { id: 'ct1', type: 'cloze-table-text', data: { content: [['a', '{{response}}']], withHeadings: false } },
  { id: 'up1', type: 'file-upload', data: { text: 'Upload your essay' } },
];

export async function setup() {
  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school);
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const amy = await createStudent(ctx.db, school, [klass]);
  const bob = await createStudent(ctx.db, school, [klass]);
  const staffUser = await createUser(ctx.db, { roles: ['content_admin'] });
  const staff = await client(staffUser.id);
  const created = await staff.post('/api/v1/activities/activities/', {
    title: 'Essay',
    blocks,
    course_id: klass.courseId,
  });
  expect(created.statusCode, created.body).toBe(201);
  const activity = activityDetailSchema.parse(created.json());
  return { school, klass, teacher, amy, bob, staff, activity };
}

export const responseUrl = (activityId: number, classId: number) =>
  `/api/v1/activities/activities/${activityId}/classes/${classId}/response/`;

export const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

/** A multipart body with one file in the field `file` (or another name). */
export const multipart = (fileName: string, content: Buffer, field = 'file') =>
  multipartForm({}, { field, name: fileName, content });

export const PNG = TINY_PNG;

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

export const uploadUrl = (responseId: number, blockId = 'up1') =>
  `/api/v1/activities/activity_responses/${responseId}/block/${blockId}/upload-file/`;

export const fileUrlUrl = (responseId: number, blockId = 'up1') =>
  `/api/v1/activities/activity_responses/${responseId}/block/${blockId}/file-url/`;

export const upload = (c: TestClient, responseId: number, name: string, content: Buffer, field?: string) =>
  c.request({ method: 'POST', url: uploadUrl(responseId), ...multipart(name, content, field) });

/** Where the local-disk adapter keeps a private file. */
export const privatePath = (fileKey: string) => path.join(dataDir, 'private-uploads', ...fileKey.split('/'));

export const onDisk = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
