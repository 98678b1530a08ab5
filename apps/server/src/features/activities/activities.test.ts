import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityResponses } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher } from '../../../test/factories';
import { activityDetailSchema, classResponsesSchema, versionedResponseSchema } from '@banksia/contracts/activities';
import {
  ctx,
  logged,
  client,
  blocks,
  setup,
  responseUrl,
  put,
  PDF,
  upload,
  privatePath,
  onDisk,
} from './activities.test-helpers';

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
