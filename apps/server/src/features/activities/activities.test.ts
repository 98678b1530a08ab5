import { access, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_PROMPTS } from '@banksia/contracts/activities';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { activityResponses } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { makeClient, TEST_SECRET, useTestApp, type TestClient } from '../../../test/harness';
import { multipartForm, TINY_PNG } from '../../../test/multipart';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server';
import { createS3Client } from '../../platform/s3-storage';
import { activityDetailSchema, classResponsesSchema, versionedResponseSchema } from '@banksia/contracts/activities';

const ctx = useTestApp();
let app: FastifyInstance;
let dataDir: string;
/** Warnings and errors the app logged (JSON lines). */
const logged: string[] = [];

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

async function client(userId: number, on: FastifyInstance = app): Promise<TestClient> {
  return makeClient(on, { ...(await ctx.client(userId)).cookies });
}

const blocks = [
  { id: 'p1', type: 'paragraph', data: { text: 'Read <b>this</b><script>alert(1)</script>' } },
  { id: 'rt1', type: 'rich-text', data: { text: 'Explain', example_response: '<p onclick="x()">Model</p>' } },
  { id: 'ct1', type: 'cloze-table-text', data: { content: [['a', '{{response}}']], withHeadings: false } },
  { id: 'up1', type: 'file-upload', data: { text: 'Upload your essay' } },
];

async function setup() {
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

const responseUrl = (activityId: number, classId: number) =>
  `/api/v1/activities/activities/${activityId}/classes/${classId}/response/`;

const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

/** A multipart body with one file in the field `file` (or another name). */
const multipart = (fileName: string, content: Buffer, field = 'file') =>
  multipartForm({}, { field, name: fileName, content });

const PNG = TINY_PNG;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

const uploadUrl = (responseId: number, blockId = 'up1') =>
  `/api/v1/activities/activity_responses/${responseId}/block/${blockId}/upload-file/`;
const fileUrlUrl = (responseId: number, blockId = 'up1') =>
  `/api/v1/activities/activity_responses/${responseId}/block/${blockId}/file-url/`;

const upload = (c: TestClient, responseId: number, name: string, content: Buffer, field?: string) =>
  c.request({ method: 'POST', url: uploadUrl(responseId), ...multipart(name, content, field) });

/** Where the local-disk adapter keeps a private file. */
const privatePath = (fileKey: string) => path.join(dataDir, 'private-uploads', ...fileKey.split('/'));
const onDisk = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('activities', () => {
  it('creates, reads and partly updates an activity, sanitising its HTML', async () => {
    const { staff, activity, amy } = await setup();
    expect(activity).toMatchObject({ title: 'Essay', lesson_id: null, version: 1 });
    expect(activity.blocks[0]).toEqual({ id: 'p1', type: 'paragraph', data: { text: 'Read <b>this</b>' } });
    expect(activity.blocks[1]!.data).toEqual({ text: 'Explain', example_response: '<p>Model</p>' });
    expect(activity.blocks[2]!.data).toEqual({ content: [['a', '{{response}}']], withHeadings: false });

    const url = `/api/v1/activities/activities/${activity.id}/`;
    const patched = await staff.patch(url, { title: 'Essay 2', version: 1 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Essay 2', version: 2, blocks: activity.blocks });

    const read = await (await client(amy.user.id)).get(url);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(patched.json());
    expect((await staff.get('/api/v1/activities/activities/999999/')).statusCode).toBe(404);
    expect((await staff.patch('/api/v1/activities/activities/999999/', { title: 'x', version: 1 })).statusCode).toBe(
      404,
    );
  });

  it('rejects blocks whose data does not fit their type, and students authoring', async () => {
    const { staff, amy } = await setup();
    const bad = await staff.post('/api/v1/activities/activities/', {
      title: 'Bad',
      blocks: [{ id: 'h', type: 'header', data: { text: 'x', level: 9 } }],
    });
    expect(bad.statusCode).toBe(400);
    const student = await (
      await client(amy.user.id)
    ).post('/api/v1/activities/activities/', { title: 'x', blocks: [] });
    expect(student.statusCode).toBe(403);
  });
});

describe('activity responses', () => {
  it('creates an empty response on first read and saves with a version, cleaning the answers', async () => {
    const { klass, amy, activity } = await setup();
    const c = await client(amy.user.id);
    const url = responseUrl(activity.id, klass.id);
    const first = versionedResponseSchema.parse((await c.get(url)).json());
    expect(first).toMatchObject({ block_responses: {}, version: 0 });
    expect(versionedResponseSchema.parse((await c.get(url)).json()).id).toBe(first.id);

    const saved = await put(c, url, {
      version: 0,
      block_responses: {
        rt1: { student_response: '<p>Mine<img src=x onerror="alert(1)"></p><script>x</script>' },
        ct1: { response_values: ['  <b>forty</b> two  ', ' x '] },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      id: first.id,
      version: 1,
      block_responses: {
        rt1: { student_response: '<p>Mine</p>' },
        ct1: { response_values: ['forty two', 'x'] },
      },
    });
    expect((await c.get(url)).json()).toEqual(saved.json());
  });

  it('answers 409 for a stale version and overwrites nothing', async () => {
    const { klass, amy, activity } = await setup();
    const c = await client(amy.user.id);
    const url = responseUrl(activity.id, klass.id);
    const body = (text: string, version: number) => ({
      version,
      block_responses: { rt1: { student_response: `<p>${text}</p>` } },
    });
    expect((await put(c, url, body('laptop', 0))).statusCode).toBe(200);
    for (const version of [0, 7]) {
      const stale = await put(c, url, body('tablet', version));
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'conflict' });
    }
    const rows = await ctx.db.select().from(activityResponses).where(eq(activityResponses.profileId, amy.profile.id));
    expect(rows).toMatchObject([{ version: 1, blockResponses: { rt1: { student_response: '<p>laptop</p>' } } }]);

    const racing = await Promise.all(['a', 'b', 'c'].map((t) => put(c, url, body(t, 1))));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('answers 404 in a class for an activity of another course, to students and teachers', async () => {
    const { klass, teacher, amy, staff } = await setup();
    const elsewhere = activityDetailSchema.parse(
      (await staff.post('/api/v1/activities/activities/', { title: 'Elsewhere', blocks })).json(),
    );
    const url = responseUrl(elsewhere.id, klass.id);
    const a = await client(amy.user.id);
    expect((await a.get(url)).statusCode).toBe(404);
    expect((await put(a, url, { version: 0, block_responses: {} })).statusCode).toBe(404);
    const t = await client(teacher.user.id);
    expect(
      (await t.get(`/api/v1/activities/activities/${elsewhere.id}/classes/${klass.id}/responses/`)).statusCode,
    ).toBe(404);
    expect(await ctx.db.select().from(activityResponses).where(eq(activityResponses.activityId, elsewhere.id))).toEqual(
      [],
    );
  });

  it('refuses unknown blocks and file fields set by the client', async () => {
    const { klass, amy, activity } = await setup();
    const c = await client(amy.user.id);
    const url = responseUrl(activity.id, klass.id);
    expect((await put(c, url, { version: 0, block_responses: { nope: {} } })).statusCode).toBe(400);
    const sneaky = await put(c, url, {
      version: 0,
      block_responses: { up1: { file_key: 'uploads/school-1/user-1/someone-else.pdf', fileName: 'x.pdf' } },
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().block_responses).toEqual({ up1: {} });
  });

  it("lets the class's teachers read a student's response, not write it; other students get 403", async () => {
    const { school, klass, teacher, amy, bob, activity } = await setup();
    const url = responseUrl(activity.id, klass.id);
    await put(await client(amy.user.id), url, { version: 0, block_responses: { rt1: { student_response: 'hi' } } });

    const t = await client(teacher.user.id);
    const read = await t.get(`${url}?profile_id=${amy.profile.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ version: 1, block_responses: { rt1: { student_response: 'hi' } } });
    expect((await put(t, url, { version: 1, block_responses: {} })).statusCode).toBe(403);

    const b = await client(bob.user.id);
    expect((await b.get(`${url}?profile_id=${amy.profile.id}`)).statusCode).toBe(403);
    const other = await createTeacher(ctx.db, school, [await createClass(ctx.db, school)]);
    expect((await (await client(other.user.id)).get(`${url}?profile_id=${amy.profile.id}`)).statusCode).toBe(403);
    const stranger = await createStudent(ctx.db, school, [await createClass(ctx.db, school)]);
    expect((await t.get(`${url}?profile_id=${stranger.profile.id}`)).statusCode).toBe(404);
  });

  it("shows the class's teachers every student on the roster with their latest answers, in one list", async () => {
    const { school, klass, teacher, amy, bob, activity } = await setup();
    const removed = await createStudent(ctx.db, school, [klass], { accessStatus: 20 });
    const url = responseUrl(activity.id, klass.id);
    await put(await client(amy.user.id), url, { version: 0, block_responses: { rt1: { student_response: 'first' } } });
    const classUrl = `/api/v1/activities/activities/${activity.id}/classes/${klass.id}/responses/`;

    const t = await client(teacher.user.id);
    const first = classResponsesSchema.parse((await t.get(classUrl)).json());
    expect(first.students.map((s) => s.profile_id).sort()).toEqual([amy.profile.id, bob.profile.id].sort());
    expect(first.students.some((s) => s.profile_id === removed.profile.id)).toBe(false);
    const amyRow = first.students.find((s) => s.profile_id === amy.profile.id)!;
    expect(amyRow.response).toMatchObject({ version: 1, block_responses: { rt1: { student_response: 'first' } } });
    expect(first.students.find((s) => s.profile_id === bob.profile.id)!.response).toBeNull();

    // A later save shows on the next refresh.
    await put(await client(amy.user.id), url, { version: 1, block_responses: { rt1: { student_response: 'second' } } });
    const again = classResponsesSchema.parse((await t.get(classUrl)).json());
    expect(again.students.find((s) => s.profile_id === amy.profile.id)!.response).toMatchObject({
      version: 2,
      block_responses: { rt1: { student_response: 'second' } },
    });

    expect((await (await client(amy.user.id)).get(classUrl)).statusCode).toBe(403);
    const other = await createTeacher(ctx.db, await createSchool(ctx.db), []);
    expect((await (await client(other.user.id)).get(classUrl)).statusCode).toBe(403);
  });

  it('lets content staff clear every response of an activity', async () => {
    const { klass, amy, bob, staff, activity } = await setup();
    for (const s of [amy, bob]) await (await client(s.user.id)).get(responseUrl(activity.id, klass.id));
    const url = `/api/v1/activities/activities/${activity.id}/activity_responses/`;
    expect((await (await client(amy.user.id)).request({ method: 'DELETE', url })).statusCode).toBe(403);
    const cleared = await staff.request({ method: 'DELETE', url });
    expect(cleared.statusCode).toBe(204);
    expect(await ctx.db.select().from(activityResponses).where(eq(activityResponses.activityId, activity.id))).toEqual(
      [],
    );
  });

  it('deletes the files uploaded into the cleared responses, and only those', async () => {
    const { klass, amy, bob, staff, activity } = await setup();
    const other = activityDetailSchema.parse(
      (
        await staff.post('/api/v1/activities/activities/', { title: 'Other', blocks, course_id: klass.courseId })
      ).json(),
    );
    const keys: string[] = [];
    for (const [s, a] of [
      [amy, activity],
      [bob, activity],
      [amy, other],
    ] as const) {
      const c = await client(s.user.id);
      const { id } = versionedResponseSchema.parse((await c.get(responseUrl(a.id, klass.id))).json());
      const uploaded = await upload(c, id, 'work.pdf', PDF);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      keys.push((uploaded.json() as { file_key: string }).file_key);
    }
    for (const key of keys) expect(await onDisk(privatePath(key))).toBe(true);

    const cleared = await staff.request({
      method: 'DELETE',
      url: `/api/v1/activities/activities/${activity.id}/activity_responses/`,
    });
    expect(cleared.statusCode).toBe(204);
    expect(await onDisk(privatePath(keys[0]!))).toBe(false);
    expect(await onDisk(privatePath(keys[1]!))).toBe(false);
    expect(await onDisk(privatePath(keys[2]!))).toBe(true); // the other activity's response keeps its file
  });

  it('clears the responses even when a file cannot be deleted, and logs it', async () => {
    const { klass, amy, staff, activity } = await setup();
    const c = await client(amy.user.id);
    const { id } = versionedResponseSchema.parse((await c.get(responseUrl(activity.id, klass.id))).json());
    const { file_key } = (await upload(c, id, 'work.pdf', PDF)).json() as { file_key: string };
    // A folder where the file was: deleting a file there fails.
    await rm(privatePath(file_key));
    await mkdir(privatePath(file_key));
    await writeFile(path.join(privatePath(file_key), 'inside.txt'), 'x');

    logged.length = 0;
    const cleared = await staff.request({
      method: 'DELETE',
      url: `/api/v1/activities/activities/${activity.id}/activity_responses/`,
    });
    expect(cleared.statusCode).toBe(204);
    expect(await ctx.db.select().from(activityResponses).where(eq(activityResponses.activityId, activity.id))).toEqual(
      [],
    );
    const warnings = logged.map((line) => JSON.parse(line) as { level: number; msg: string; storageKey?: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'could not delete a stored file', storageKey: file_key }),
    );
  });
});

describe('file uploads', () => {
  async function withResponse() {
    const s = await setup();
    const c = await client(s.amy.user.id);
    const response = versionedResponseSchema.parse((await c.get(responseUrl(s.activity.id, s.klass.id))).json());
    return { ...s, c, responseId: response.id };
  }

  it('stores an image, pdf or doc (by content) privately and records it in the block response', async () => {
    const { klass, amy, activity, c, responseId, school } = await withResponse();
    for (const [name, bytes, type] of [
      ['drawing.png', PNG, 'image/png'],
      ['my essay (final).pdf', PDF, 'application/pdf'],
      ['old.doc', DOC, 'application/x-cfb'],
    ] as const) {
      const uploaded = await upload(c, responseId, name, bytes);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const { file_key } = uploaded.json() as { file_key: string };
      expect(file_key).toMatch(
        new RegExp(`^uploads/school-${school.id}/user-${amy.user.id}/[a-f0-9]{8}-[A-Za-z0-9._-]+$`),
      );
      expect(await readFile(path.join(dataDir, 'private-uploads', file_key))).toEqual(bytes);
      const stored = (await c.get(responseUrl(activity.id, klass.id))).json();
      expect(stored.block_responses.up1).toEqual({ file_key, fileName: name, size: bytes.length, type });
      expect(stored.version).toBe(0); // the file fields are the server's; an open editor's version stays valid
      // Never public: not under /media/.
      expect((await app.inject({ method: 'GET', url: `/media/${file_key}` })).statusCode).toBe(404);
    }
    // A later save of the answers keeps the file.
    const saved = await put(c, responseUrl(activity.id, klass.id), { version: 0, block_responses: { up1: {} } });
    expect(saved.json().block_responses.up1).toMatchObject({ fileName: 'old.doc', type: 'application/x-cfb' });
  });

  it('deletes the file it replaces once the new one is recorded', async () => {
    const { klass, activity, c, responseId } = await withResponse();
    const first = (await upload(c, responseId, 'draft.pdf', PDF)).json() as { file_key: string };
    const second = await upload(c, responseId, 'final.png', PNG);
    expect(second.statusCode, second.body).toBe(200);
    const { file_key } = second.json() as { file_key: string };
    expect(file_key).not.toBe(first.file_key);
    expect(await onDisk(privatePath(first.file_key))).toBe(false);
    expect(await readFile(privatePath(file_key))).toEqual(PNG);
    const stored = (await c.get(responseUrl(activity.id, klass.id))).json();
    expect(stored.block_responses.up1).toMatchObject({ file_key, fileName: 'final.png', type: 'image/png' });
  });

  it('refuses a file whose bytes are not an accepted type, whatever its name', async () => {
    const { c, responseId } = await withResponse();
    for (const [name, bytes] of [
      ['essay.pdf', Buffer.from('just some plain text pretending to be a PDF')],
      ['page.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ] as const) {
      const refused = await upload(c, responseId, name, bytes);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(UPLOAD_PROMPTS.wrongType);
    }
    const noFile = await upload(c, responseId, 'a.png', PNG, 'other');
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe(UPLOAD_PROMPTS.select);
  });

  it('refuses a file name with a NUL character with a 400 on the file, and keeps no file', async () => {
    const { c, responseId } = await withResponse();
    const before = await readdir(path.join(dataDir, 'private-uploads'), { recursive: true }).catch(() => []);
    const refused = await upload(c, responseId, 'essay\u0000.pdf', PDF);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['file']);
    const after = await readdir(path.join(dataDir, 'private-uploads'), { recursive: true }).catch(() => []);
    expect(after.sort()).toEqual(before.sort());
  });

  it('refuses a file over 30,000,000 bytes with 413', async () => {
    const { c, responseId } = await withResponse();
    const big = Buffer.alloc(30_000_001);
    PNG.copy(big);
    const refused = await upload(c, responseId, 'huge.png', big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().detail).toBe(UPLOAD_PROMPTS.tooLarge);
  });

  it('lets only the owner upload, and only into a file-upload block', async () => {
    const { teacher, bob, c, responseId } = await withResponse();
    expect((await upload(await client(bob.user.id), responseId, 'a.png', PNG)).statusCode).toBe(403);
    expect((await upload(await client(teacher.user.id), responseId, 'a.png', PNG)).statusCode).toBe(403);
    const wrongBlock = await c.request({
      method: 'POST',
      url: uploadUrl(responseId, 'rt1'),
      ...multipart('a.png', PNG),
    });
    expect(wrongBlock.statusCode).toBe(404);
  });

  it('hands the owner and teachers a signed link that expires after 5 minutes and cannot be forged', async () => {
    const { school, teacher, bob, c, responseId } = await withResponse();
    expect((await c.get(fileUrlUrl(responseId))).statusCode).toBe(404); // nothing uploaded yet
    const { file_key } = (await upload(c, responseId, 'work.pdf', PDF)).json() as { file_key: string };

    const link = await c.get(fileUrlUrl(responseId));
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/media-signed/${file_key}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`));
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload).toEqual(PDF);

    const teacherLink = await (await client(teacher.user.id)).get(fileUrlUrl(responseId));
    expect(teacherLink.statusCode).toBe(200);
    expect((await (await client(bob.user.id)).get(fileUrlUrl(responseId))).statusCode).toBe(403);
    const other = await createTeacher(ctx.db, school, [await createClass(ctx.db, school)]);
    expect((await (await client(other.user.id)).get(fileUrlUrl(responseId))).statusCode).toBe(403);

    const forged = [
      // One character of the signature changed (to "A" unless it was one already: 1 run in 64 it was).
      url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
      url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`),
      url.replace('work.pdf', 'other.pdf'),
      `/media-signed/${file_key}`,
    ];
    for (const bad of forged) expect((await app.inject({ method: 'GET', url: bad })).statusCode).toBe(403);

    ctx.clock.advance(5 * 60 * 1000 + 1000);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(403);
    const fresh = (await c.get(fileUrlUrl(responseId))).json() as { url: string };
    expect((await app.inject({ method: 'GET', url: fresh.url })).statusCode).toBe(200);
  });
});

describe('drawing assets (presigned POST)', () => {
  /** A multipart form of the given fields followed by the file, as a browser posts to the form's url. */
  const form = (fields: Record<string, string>, file: Buffer) => multipartForm(fields, { name: 'blob', content: file });

  async function uploadForm(c: TestClient, key = 'media/assets/drawing-input-field/abcd1234.png', type = 'image/png') {
    return c.post('/api/v1/asset_upload_form/', { key, content_type: type });
  }

  it('signs a form for the user folder; posting it stores the image publicly', async () => {
    const { amy } = await setup();
    const c = await client(amy.user.id);
    const answer = await uploadForm(c);
    expect(answer.statusCode, answer.body).toBe(200);
    const { url, fields, public_url } = answer.json() as {
      url: string;
      fields: Record<string, string>;
      public_url: string;
    };
    const key = `media/assets/drawing-input-field/user-${amy.user.id}/abcd1234.png`;
    expect(fields).toMatchObject({ key, 'Content-Type': 'image/png' });
    expect(public_url).toBe(`/media/${key}`);

    const posted = await app.inject({ method: 'POST', url, ...form(fields, PNG) });
    expect(posted.statusCode, posted.body).toBe(204);
    const served = await app.inject({ method: 'GET', url: public_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
  });

  it('refuses other prefixes and types when signing', async () => {
    const { amy } = await setup();
    const c = await client(amy.user.id);
    expect((await uploadForm(c, 'uploads/school-1/x.png')).statusCode).toBe(400);
    expect((await uploadForm(c, undefined, 'image/svg+xml')).statusCode).toBe(400);
    expect((await (await ctx.client()).post('/api/v1/asset_upload_form/', {})).statusCode).toBe(401);
  });

  it('refuses a tampered, expired or mismatched form', async () => {
    const { amy } = await setup();
    const { url, fields } = (await uploadForm(await client(amy.user.id))).json() as {
      url: string;
      fields: Record<string, string>;
    };
    const post = (f: Record<string, string>, file = PNG) => app.inject({ method: 'POST', url, ...form(f, file) });
    expect((await post({ ...fields, key: 'media/assets/drawing-input-field/user-1/evil.png' })).statusCode).toBe(403);
    expect((await post({ ...fields, 'Content-Type': 'image/jpeg' })).statusCode).toBe(403);
    expect((await post({ ...fields, signature: 'x' })).statusCode).toBe(403);
    const wrongBytes = await post(fields, Buffer.from('<svg><script>alert(1)</script></svg>'));
    expect(wrongBytes.statusCode).toBe(400);
    const big = Buffer.alloc(30_000_001);
    PNG.copy(big);
    expect((await post(fields, big)).statusCode).toBe(413);
    ctx.clock.advance(5 * 60 * 1000 + 1000);
    expect((await post(fields)).statusCode).toBe(403);
  });
});

describe('drawing assets (API upload, api:activities:upload-user-drawing-asset)', () => {
  const url = '/api/v1/activities/drawing-assets/';
  const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const send = (c: TestClient, fields: Record<string, string>, content?: Buffer, name = 'drawing.png') =>
    c.request({ method: 'POST', url, ...multipartForm(fields, content && { name, content }) });
  const big = () => {
    const bytes = Buffer.alloc(30_000_001);
    PNG.copy(bytes);
    return bytes;
  };

  it('stores an image publicly under the user folder, serves it, and replaces it on a retry', async () => {
    const { amy, bob } = await setup();
    const c = await client(amy.user.id);
    const stored = await send(c, { assetId: 'abcd1234' }, PNG);
    expect(stored.statusCode, stored.body).toBe(201);
    const key = `media/assets/drawing-input-field/user-${amy.user.id}/abcd1234`;
    expect(stored.json()).toEqual({ asset_id: 'abcd1234', key, url: `/media/${key}` });
    const served = await app.inject({ method: 'GET', url: `/media/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);

    // The full key is accepted too, and the same id again overwrites (a retry), whatever the file is called.
    const again = await send(c, { assetId: 'media/assets/drawing-input-field/abcd1234' }, GIF, 'x.svg');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(stored.json());
    expect((await app.inject({ method: 'GET', url: `/media/${key}` })).rawPayload).toEqual(GIF);

    // Another user's same id lands in their own folder.
    const bobs = await send(await client(bob.user.id), { assetId: 'abcd1234' }, PNG);
    expect(bobs.json().key).toBe(`media/assets/drawing-input-field/user-${bob.user.id}/abcd1234`);
    expect(await readFile(path.join(dataDir, 'uploads', key))).toEqual(GIF);
  });

  it('refuses SVG, text and other non-images by content with 400, and a missing file', async () => {
    const { amy } = await setup();
    const c = await client(amy.user.id);
    for (const [name, bytes] of [
      ['drawing.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['drawing.png', Buffer.from('just some plain text')],
      ['drawing.png', PDF],
    ] as const) {
      const refused = await send(c, { assetId: 'abcd1234' }, bytes, name);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe('Allowed types: image/png, image/jpeg, image/webp, image/gif.');
    }
    const noFile = await send(c, { assetId: 'abcd1234' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe(UPLOAD_PROMPTS.select);
    expect((await c.post(url, { assetId: 'abcd1234' })).statusCode).toBe(400); // not multipart
    const key = `media/assets/drawing-input-field/user-${amy.user.id}/abcd1234`;
    expect((await app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
  });

  it('refuses a file over 30,000,000 bytes with 413', async () => {
    const { amy } = await setup();
    const refused = await send(await client(amy.user.id), { assetId: 'abcd1234' }, big());
    expect(refused.statusCode).toBe(413);
    expect(refused.json().detail).toBe(UPLOAD_PROMPTS.tooLarge);
  });

  it('refuses an asset id that is not 8 characters a-z0-9 (alone or after the drawing prefix)', async () => {
    const { amy } = await setup();
    const c = await client(amy.user.id);
    for (const assetId of [
      '',
      'abc123',
      'abcd12345',
      'ABCD1234',
      'abcd-123',
      '../abcd1',
      'user-1/abcd1234',
      'media/assets/drawing-input-field/',
      'media/assets/drawing-input-field/user-1/abcd1234',
      'uploads/abcd1234',
    ]) {
      const refused = await send(c, { assetId }, PNG);
      expect(refused.statusCode, assetId).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_failed', errors: { assetId: [expect.any(String)] } });
    }
    expect((await send(c, {}, PNG)).statusCode).toBe(400);
  });

  it('is for signed-in users only', async () => {
    const anonymous = await ctx.client();
    const refused = await anonymous.request({
      method: 'POST',
      url,
      ...multipartForm({ assetId: 'abcd1234' }, { name: 'a.png', content: PNG }),
    });
    expect(refused.statusCode).toBe(401);
  });
});

describe('with S3 storage (s3rver)', () => {
  let s3: TestS3Server;
  let s3App: FastifyInstance;
  let s3Client: S3Client;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    s3Client = createS3Client(s3.config);
    const config = {
      ...ctx.config,
      dataDir: await mkdtemp(path.join(os.tmpdir(), 'banksia-activities-s3-')),
      s3: s3.config,
    };
    s3App = await buildApp({ config, db: ctx.db, clock: ctx.clock, secret: TEST_SECRET });
  });
  afterAll(async () => {
    await s3App?.close();
    s3Client?.destroy();
    await s3?.close();
  });

  async function inBucket(objectKey: string): Promise<boolean> {
    try {
      await s3Client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: objectKey }));
      return true;
    } catch (err) {
      if ((err as { name?: string }).name === 'NotFound') return false;
      throw err;
    }
  }

  it('stores uploads in the private prefix and hands out presigned GETs that expire after 5 minutes', async () => {
    // s3rver judges expiry by the real clock, so the app's clock starts 5 minutes and 1 second before now.
    ctx.clock.set(new Date(Date.now() - 301_000));
    const { klass, activity, amy, teacher } = await setup();
    const c = await client(amy.user.id, s3App);
    const { id } = versionedResponseSchema.parse((await c.get(responseUrl(activity.id, klass.id))).json());
    const uploaded = await upload(c, id, 'work.pdf', PDF);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { file_key } = uploaded.json() as { file_key: string };
    expect(await inBucket(`private/${file_key}`)).toBe(true);
    expect(await onDisk(privatePath(file_key))).toBe(false);

    const stale = ((await c.get(fileUrlUrl(id))).json() as { url: string }).url;
    expect(stale.startsWith(`${s3.endpoint}/banksia-test/private/${file_key}?`)).toBe(true);
    expect((await fetch(stale)).status).toBe(403); // signed 301 s ago

    ctx.clock.set(new Date());
    const t = await client(teacher.user.id, s3App);
    const fresh = ((await t.get(fileUrlUrl(id))).json() as { url: string }).url;
    const served = await fetch(fresh);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);
    expect(served.headers.get('content-type')).toBe('application/pdf');

    // Replacing the file deletes the old object; clearing the responses deletes the new one.
    const replaced = (await upload(c, id, 'final.png', PNG)).json() as { file_key: string };
    expect(await inBucket(`private/${file_key}`)).toBe(false);
    expect(await inBucket(`private/${replaced.file_key}`)).toBe(true);
    const staffUser = await createUser(ctx.db, { roles: ['content_admin'] });
    const staff = await client(staffUser.id, s3App);
    const cleared = await staff.request({
      method: 'DELETE',
      url: `/api/v1/activities/activities/${activity.id}/activity_responses/`,
    });
    expect(cleared.statusCode).toBe(204);
    expect(await inBucket(`private/${replaced.file_key}`)).toBe(false);
  });

  it('signs an S3 POST form for the user folder that the bucket accepts, and serves the image publicly', async () => {
    ctx.clock.set(new Date());
    const { amy } = await setup();
    const c = await client(amy.user.id, s3App);
    const answer = await c.post('/api/v1/asset_upload_form/', {
      key: 'media/assets/drawing-input-field/abcd1234.png',
      content_type: 'image/png',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { url, fields, public_url } = answer.json() as {
      url: string;
      fields: Record<string, string>;
      public_url: string;
    };
    const objectKey = `public/media/assets/drawing-input-field/user-${amy.user.id}/abcd1234.png`;
    expect(url).toBe(`${s3.endpoint}/banksia-test`);
    expect(fields).toMatchObject({ key: objectKey, 'Content-Type': 'image/png' });
    expect(public_url).toBe(`${s3.endpoint}/banksia-test/${objectKey}`);
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$key', objectKey],
        ['eq', '$Content-Type', 'image/png'],
        ['content-length-range', 1, 30_000_000],
      ]),
    );

    // The browser's request: the fields, then the file last.
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([PNG]), 'drawing.png');
    const posted = await fetch(url, { method: 'POST', body: form });
    expect(posted.status).toBe(204);
    const served = await fetch(public_url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('stores drawing images sent through the API in the public prefix', async () => {
    ctx.clock.set(new Date());
    const { amy } = await setup();
    const c = await client(amy.user.id, s3App);
    const stored = await c.request({
      method: 'POST',
      url: '/api/v1/activities/drawing-assets/',
      ...multipartForm({ assetId: 'abcd1234' }, { name: 'drawing.png', content: PNG }),
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const key = `media/assets/drawing-input-field/user-${amy.user.id}/abcd1234`;
    expect(stored.json()).toEqual({ asset_id: 'abcd1234', key, url: `${s3.endpoint}/banksia-test/public/${key}` });
    const served = await fetch(stored.json().url as string);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('registers no local file routes', async () => {
    for (const [method, url] of [
      ['GET', '/media/demo/videos/a.webm'],
      ['GET', '/media-signed/uploads/a.pdf?expires=1&signature=x'],
      ['POST', '/media-upload/'],
    ] as const) {
      expect((await s3App.inject({ method, url })).statusCode, url).toBe(404);
    }
  });
});
