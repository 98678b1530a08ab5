import {
  activityDetailSchema,
  activityListResponse,
  activityResponsesSummarySchema,
  type ActivityDetail,
} from '@banksia/contracts/activities';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, auditLog, examQuestions, examSections } from '../../db/schema/index';
import {
  createClass,
  createCourse,
  createExam,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { multipartForm, TINY_PNG } from '../../../test/multipart';

const ctx = useTestApp();
const BASE = '/api/v1/activities/activities/';

const blocks = [
  {
    id: 'c1',
    type: 'cloze-paragraph-dnd',
    data: { text: 'A {{response}} has <i>three</i> sides', options: ['triangle'] },
  },
  {
    id: 'd1',
    type: 'drag-and-drop-image',
    data: {
      image_url: '/media/x.png',
      draggables: [{ id: 'p1', x_position: 1, y_position: 2, width: 10, height: 10 }],
      dropzones: [{ id: 'z1', x_offset: 40, y_offset: 40, width: 10, height: 10, value: 'p1' }],
    },
  },
];

async function staffClient(): Promise<{ staff: TestClient; userId: number }> {
  const user = await createUser(ctx.db, { roles: ['content_admin'] });
  return { staff: await ctx.client(user.id), userId: user.id };
}

async function create(staff: TestClient, body: object = { title: 'Shapes', blocks }): Promise<ActivityDetail> {
  const answer = await staff.post(BASE, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return activityDetailSchema.parse(answer.json());
}

const auditOf = (activityId: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entityType, 'activity'), eq(auditLog.entityId, String(activityId)), eq(auditLog.action, action)),
    );

describe('activity authoring: saving', () => {
  it('names the failing field of a block in its 400 and writes nothing', async () => {
    const { staff } = await staffClient();
    const bad = await staff.post(BASE, {
      title: 'Bad list',
      blocks: [
        ...blocks,
        { id: 'h', type: 'header', data: { text: 'Title', level: 2 } },
        { id: 'l', type: 'list', data: { style: 'ordered', items: [{ content: 7, items: [] }] } },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('blocks.3.data.items.0.content');
    expect(await ctx.db.select().from(activities).where(eq(activities.title, 'Bad list'))).toEqual([]);

    const activity = await create(staff);
    const badDrop = await staff.patch(`${BASE}${activity.id}/`, {
      version: 1,
      blocks: [{ ...blocks[1], data: { ...blocks[1]!.data, dropzones: [{ id: 'z1', x_offset: 1 }] } }],
    });
    expect(badDrop.statusCode).toBe(400);
    expect(Object.keys(badDrop.json().errors)).toContain('blocks.0.data.dropzones.0.y_offset');
    const missingVersion = await staff.patch(`${BASE}${activity.id}/`, { title: 'No version' });
    expect(missingVersion.statusCode).toBe(400);
    expect(Object.keys(missingVersion.json().errors)).toEqual(['version']);
    const [row] = await ctx.db.select().from(activities).where(eq(activities.id, activity.id));
    expect(row).toMatchObject({ title: 'Shapes', version: 1 });
  });

  it('sanitises the HTML of cloze text, table cells and example responses on create and update', async () => {
    const { staff } = await staffClient();
    const activity = await create(staff, {
      title: 'Dirty',
      blocks: [
        {
          id: 'c',
          type: 'cloze-paragraph-input',
          data: { text: 'x {{response}}<img src=x onerror=alert(1)>', options: [] },
        },
      ],
    });
    expect(activity.blocks[0]!.data).toMatchObject({ text: 'x {{response}}' });
    const updated = await staff.patch(`${BASE}${activity.id}/`, {
      version: activity.version,
      blocks: [
        {
          id: 't',
          type: 'cloze-table-dnd',
          data: {
            content: [['<a href="javascript:alert(1)">a</a>', '{{response}}']],
            withHeadings: true,
            options: ['b'],
            example_response: { student_response: '<script>x</script><p>ok</p>' },
          },
        },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const data = updated.json().blocks[0].data;
    expect(data.content[0][0]).not.toContain('javascript');
    expect(data.content[0][1]).toBe('{{response}}');
    expect(data.example_response).toEqual({ student_response: '<p>ok</p>' });
  });

  it('answers 409 to a change made on an old version, keeping the other change', async () => {
    const { staff } = await staffClient();
    const { staff: other } = await staffClient();
    const activity = await create(staff);
    const url = `${BASE}${activity.id}/`;
    const first = await other.patch(url, { version: 1, title: 'Theirs' });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(2);
    const second = await staff.patch(url, { version: 1, title: 'Mine' });
    expect(second.statusCode).toBe(409);
    expect((await staff.get(url)).json()).toMatchObject({ title: 'Theirs', version: 2 });
    expect((await staff.patch(url, { version: 2, title: 'Mine' })).statusCode).toBe(200);
  });

  it('audits who changed what, with before and after', async () => {
    const { staff, userId } = await staffClient();
    const activity = await create(staff);
    const [created] = await auditOf(activity.id, 'activity.create');
    expect(created).toMatchObject({ actorUserId: userId, before: null });
    expect((created!.after as { title: string }).title).toBe('Shapes');
    await staff.patch(`${BASE}${activity.id}/`, { version: 1, title: 'Shapes 2' });
    const [updated] = await auditOf(activity.id, 'activity.update');
    expect(updated).toMatchObject({
      actorUserId: userId,
      before: expect.objectContaining({ title: 'Shapes', version: 1 }),
      after: expect.objectContaining({ title: 'Shapes 2', version: 2 }),
    });
  });

  it('refuses a lesson of another course with a 400 on lesson_id', async () => {
    const { staff } = await staffClient();
    const course = await createCourse(ctx.db);
    const other = await createCourse(ctx.db);
    const { lesson } = await createLesson(ctx.db, other, { chunks: 0 });
    const bad = await staff.post(BASE, { title: 'X', blocks: [], course_id: course.id, lesson_id: lesson.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ lesson_id: ['This lesson is not in the course.'] });
    const placed = await create(staff, { title: 'Y', blocks: [], lesson_id: lesson.id });
    expect(placed).toMatchObject({ course_id: other.id, lesson_id: lesson.id });
  });

  it('refuses teachers and students every authoring call with 403', async () => {
    const { staff } = await staffClient();
    const activity = await create(staff);
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school);
    const teacher = await createTeacher(ctx.db, school, [klass]);
    const student = await createStudent(ctx.db, school, [klass]);
    for (const userId of [teacher.user.id, student.user.id]) {
      const c = await ctx.client(userId);
      expect((await c.post(BASE, { title: 'x', blocks: [] })).statusCode).toBe(403);
      expect((await c.patch(`${BASE}${activity.id}/`, { title: 'x', version: 1 })).statusCode).toBe(403);
      expect((await c.get(BASE)).statusCode).toBe(403);
      expect((await c.get(`${BASE}${activity.id}/activity_responses/`)).statusCode).toBe(403);
      const del = await c.request({ method: 'DELETE', url: `${BASE}${activity.id}/activity_responses/` });
      expect(del.statusCode).toBe(403);
      const image = await c.request({
        method: 'POST',
        url: '/api/v1/activities/images/',
        ...multipartForm({}, { name: 'a.png', content: TINY_PNG }),
      });
      expect(image.statusCode).toBe(403);
    }
  });
});

describe('activity authoring: list, responses and images', () => {
  it('lists activities by search with where each is used', async () => {
    const { staff } = await staffClient();
    const course = await createCourse(ctx.db, { title: 'Geometry 7' });
    const { lesson } = await createLesson(ctx.db, course, { chunks: 0, title: 'Triangles' });
    const activity = await create(staff, { title: 'Zebra shapes quiz', blocks, lesson_id: lesson.id });
    const { exam } = await createExam(ctx.db, course, { title: 'Shapes test' });
    const [section] = await ctx.db.insert(examSections).values({ examId: exam.id, title: 'A' }).returning();
    await ctx.db.insert(examQuestions).values({
      examId: exam.id,
      sectionId: section!.id,
      marks: '2',
      prompt: 'Do it',
      definition: { type: 'activity', activity_id: activity.id } as never,
    });
    await create(staff, { title: 'Unrelated', blocks: [] });

    const found = activityListResponse.parse((await staff.get(`${BASE}?q=zebra`)).json());
    expect(found.count).toBe(1);
    expect(found.results[0]).toMatchObject({
      id: activity.id,
      title: 'Zebra shapes quiz',
      block_count: 2,
      course: { id: course.id, title: 'Geometry 7' },
      lesson: { id: lesson.id, title: 'Triangles', course_title: 'Geometry 7' },
      exams: [{ id: exam.id, title: 'Shapes test', course_title: 'Geometry 7' }],
      task_count: 0,
      response_count: 0,
    });
    const byId = activityListResponse.parse((await staff.get(`${BASE}?q=%23${activity.id}`)).json());
    expect(byId.results.map((r) => r.id)).toEqual([activity.id]);
    const wildcard = activityListResponse.parse((await staff.get(`${BASE}?q=%25`)).json());
    expect(wildcard.results.every((r) => r.title.includes('%'))).toBe(true);
  });

  it('counts the students whose answers clearing removes, then clears them, audited', async () => {
    const { staff, userId } = await staffClient();
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school);
    const activity = await create(staff, { title: 'Answered', blocks, course_id: klass.courseId });
    const students = [await createStudent(ctx.db, school, [klass]), await createStudent(ctx.db, school, [klass])];
    for (const s of students) {
      const c = await ctx.client(s.user.id);
      const read = await c.get(`${BASE}${activity.id}/classes/${klass.id}/response/`);
      expect(read.statusCode, read.body).toBe(200);
    }
    const url = `${BASE}${activity.id}/activity_responses/`;
    expect(activityResponsesSummarySchema.parse((await staff.get(url)).json())).toEqual({ responses: 2, students: 2 });
    expect((await staff.request({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await staff.get(url)).json()).toEqual({ responses: 0, students: 0 });
    const [cleared] = await auditOf(activity.id, 'activity.clear_responses');
    expect(cleared).toMatchObject({ actorUserId: userId, before: { responses: 2, files: 0 } });
    expect((await staff.get(`${BASE}999999/activity_responses/`)).statusCode).toBe(404);
  });

  it('stores a staff image publicly, checking its type by content', async () => {
    const { staff } = await staffClient();
    const post = (name: string, content: Buffer) =>
      staff.request({ method: 'POST', url: '/api/v1/activities/images/', ...multipartForm({}, { name, content }) });
    const ok = await post('diagram.png', TINY_PNG);
    expect(ok.statusCode, ok.body).toBe(201);
    const { url, key } = ok.json();
    expect(key).toMatch(/^activities\/images\/[0-9a-f]{16}-diagram\.png$/);
    expect((await staff.get(url)).statusCode).toBe(200);
    expect((await post('fake.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).statusCode).toBe(400);
    expect((await post('note.txt', Buffer.from('hello'))).statusCode).toBe(400);
  });
});
