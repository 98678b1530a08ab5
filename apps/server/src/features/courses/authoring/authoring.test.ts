import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  attachments,
  auditLog,
  chunks,
  chunkVisits,
  courses,
  courseTreeNodes,
  examQuestions,
  exams,
  lessons,
  sections,
} from '../../../db/schema/index';
import {
  createAttachment,
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createUser,
  createExamWithQuestions,
} from '../../../../test/factories';
import { useTestApp, type TestClient } from '../../../../test/harness';
import { multipartForm } from '../../../../test/multipart';

const ctx = useTestApp();

let staff: TestClient;
let otherStaff: TestClient;
let teacher: TestClient;
let student: TestClient;

const details = (slug: string) => ({
  title: 'Mathematics 7 (2027)',
  slug,
  subject: 'Mathematics',
  year_published: 2027,
  default_year_level: 'Year 7',
  curriculum: 'Australian Curriculum v9',
  has_textbook: true,
  show_student_notes: true,
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  staff = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
  otherStaff = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
  const s = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, s);
  teacher = await ctx.client((await createTeacher(ctx.db, s, [klass])).user.id);
  student = await ctx.client((await createStudent(ctx.db, s, [klass])).user.id);
});

async function newEmptyCourse(slug: string) {
  const res = await staff.post('/api/v1/admin/courses/', { details: details(slug), structure: { mode: 'empty' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { course: { id: number; version: number } };
}

async function detail(courseId: number) {
  const res = await staff.get(`/api/v1/admin/courses/${courseId}/`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    course: { version: number; is_published: boolean };
    root_node_id: number;
    tree: { node_id: number; node_type: string; value_id: number; title: string; children: unknown[] }[];
  };
}

describe('course wizard', () => {
  it('creates an empty draft course with a root node, audited', async () => {
    const { course } = await newEmptyCourse('maths-7-empty');
    const [row] = await ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ title: 'Mathematics 7 (2027)', isPublished: false, yearPublished: 2027, version: 1 });
    const roots = await ctx.db
      .select()
      .from(courseTreeNodes)
      .where(and(eq(courseTreeNodes.courseId, course.id), eq(courseTreeNodes.nodeType, 'course')));
    expect(roots).toHaveLength(1);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(course.id)));
    expect(audits.map((a) => a.action)).toContain('create_course');
  });

  it('answers 400 naming the field for a bad slug, and for a slug already used', async () => {
    const bad = await staff.post('/api/v1/admin/courses/', {
      details: details('Not A Slug'),
      structure: { mode: 'empty' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['details.slug']);
    await newEmptyCourse('maths-7-taken');
    const taken = await staff.post('/api/v1/admin/courses/', {
      details: details('maths-7-taken'),
      structure: { mode: 'empty' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.slug[0]).toMatch(/already used/);
    const check = await staff.get('/api/v1/admin/courses/check-slug/?slug=maths-7-taken');
    expect(check.json()).toEqual({ available: false, course_title: 'Mathematics 7 (2027)' });
  });

  it('copies a course with all its content under new ids, leaving the original and its students untouched', async () => {
    const source = await createCourse(ctx.db, { featureSets: { STUDENT_NOTES: ['STANDARD'] } });
    const topic = await createSection(ctx.db, source);
    const sub = await createSection(ctx.db, source, { parent: topic });
    const { lesson, chunks: lessonChunks } = await createLesson(ctx.db, source, { parent: sub });
    const { exam } = await createExamWithQuestions(ctx.db, source, {
      questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
    });
    await ctx.db.update(lessons).set({ questionSetId: exam.id }).where(eq(lessons.id, lesson.id));
    await ctx.db.insert(activities).values({
      title: 'Cloze',
      courseId: source.id,
      lessonId: lesson.id,
      blocks: [],
      updatedAt: new Date(),
    });
    await createAttachment(ctx.db, source);
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school, { courseId: source.id });
    const pupil = await createStudent(ctx.db, school, [klass]);
    await ctx.db.insert(chunkVisits).values({
      schoolId: school.id,
      classId: klass.id,
      profileId: pupil.profile.id,
      chunkId: lessonChunks[0]!.id,
      firstVisitedAt: new Date(),
      lastVisitedAt: new Date(),
    });

    const res = await staff.post('/api/v1/admin/courses/', {
      details: details('maths-7-copy'),
      structure: { mode: 'copy', source_course_id: source.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.counts).toEqual({
      sections: 2,
      lessons: 1,
      chunks: 2,
      exams: 1,
      exam_questions: 1,
      activities: 1,
      attachments: 1,
    });
    expect(body.copied_from.id).toBe(source.id);
    const copyId = body.course.id as number;
    expect(body.course.feature_sets).toEqual({ STUDENT_NOTES: ['STANDARD'] });

    const [copiedLesson] = await ctx.db.select().from(lessons).where(eq(lessons.courseId, copyId));
    expect(copiedLesson!.id).not.toBe(lesson.id);
    const [copiedExam] = await ctx.db.select().from(exams).where(eq(exams.courseId, copyId));
    expect(copiedLesson!.questionSetId).toBe(copiedExam!.id);
    const copiedQuestions = await ctx.db.select().from(examQuestions).where(eq(examQuestions.examId, copiedExam!.id));
    expect(copiedQuestions).toHaveLength(1);
    const [copiedActivity] = await ctx.db.select().from(activities).where(eq(activities.courseId, copyId));
    expect(copiedActivity!.lessonId).toBe(copiedLesson!.id);
    // The tree has the same shape: root → topic → sub-topic → lesson.
    const tree = await detail(copyId);
    expect(tree.tree.map((n) => n.node_type)).toEqual(['section', 'exam', 'attachment']);
    const copiedTopic = tree.tree[0] as unknown as {
      children: { node_type: string; children: { node_type: string }[] }[];
    };
    expect(copiedTopic.children[0]!.node_type).toBe('section');
    expect(copiedTopic.children[0]!.children[0]!.node_type).toBe('lesson');

    // Editing the copy leaves the original, and its students' progress, as it was.
    await staff.patch(`/api/v1/admin/lessons/${copiedLesson!.id}/`, {
      version: copiedLesson!.version,
      title: 'Renamed in the copy',
      chunks: [],
      is_published: false,
    });
    await ctx.db.delete(sections).where(eq(sections.courseId, copyId));
    const [original] = await ctx.db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(original!.title).toBe(lesson.title);
    expect(await ctx.db.select().from(chunks).where(eq(chunks.lessonId, lesson.id))).toHaveLength(2);
    expect(await ctx.db.select().from(sections).where(eq(sections.courseId, source.id))).toHaveLength(2);
    expect(await ctx.db.select().from(chunkVisits).where(eq(chunkVisits.profileId, pupil.profile.id))).toHaveLength(1);
    const progress = await (
      await ctx.client(pupil.user.id)
    ).get(`/api/v1/classes/${klass.id}/users/${pupil.user.id}/progress/`);
    expect(progress.json().lessons[String(lesson.id)].visited_chunk_ids).toEqual([lessonChunks[0]!.id]);
  });

  it('refuses a copy of a course that does not exist, naming the field', async () => {
    const res = await staff.post('/api/v1/admin/courses/', {
      details: details('maths-7-nowhere'),
      structure: { mode: 'copy', source_course_id: 999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['structure.source_course_id']);
    expect(await ctx.db.select().from(courses).where(eq(courses.slug, 'maths-7-nowhere'))).toHaveLength(0);
  });
});

describe('course editor', () => {
  it('opens a course that has no tree yet, giving it a root to add to', async () => {
    const bare = await createCourse(ctx.db);
    const d = await detail(bare.id);
    expect(d.tree).toEqual([]);
    expect(d.root_node_id).toBeGreaterThan(0);
  });

  it('lists courses with search and filters', async () => {
    await newEmptyCourse('searchable-zebra');
    const found = await staff.get('/api/v1/admin/courses/?q=zebra&year=2027&published=no');
    expect(found.json().courses.map((c: { slug: string }) => c.slug)).toEqual(['searchable-zebra']);
    const none = await staff.get('/api/v1/admin/courses/?q=zebra&published=yes');
    expect(none.json().courses).toEqual([]);
    expect(found.json().years).toContain(2027);
  });

  it('adds a topic and a lesson, reorders and moves them, and publishes', async () => {
    const { course } = await newEmptyCourse('tree-course');
    let d = await detail(course.id);
    let res = await staff.post(`/api/v1/admin/courses/${course.id}/sections/`, {
      version: d.course.version,
      parent_node_id: d.root_node_id,
      title: 'Number',
    });
    expect(res.statusCode, res.body).toBe(201);
    d = res.json();
    const topic = d.tree[0]!;
    res = await staff.post(`/api/v1/admin/courses/${course.id}/lessons/`, {
      version: d.course.version,
      parent_node_id: d.root_node_id,
      title: 'Fractions',
    });
    d = res.json();
    expect(d.tree.map((n) => n.title)).toEqual(['Number', 'Fractions']);
    const lessonNode = d.tree[1]!;
    // Reorder: lesson first.
    res = await staff.request({
      method: 'PUT',
      url: `/api/v1/admin/courses/${course.id}/tree/`,
      payload: {
        version: d.course.version,
        parent_node_id: d.root_node_id,
        node_ids: [lessonNode.node_id, topic.node_id],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    d = res.json();
    expect(d.tree.map((n) => n.title)).toEqual(['Fractions', 'Number']);
    // Move the lesson into the topic.
    res = await staff.request({
      method: 'PUT',
      url: `/api/v1/admin/courses/${course.id}/tree/`,
      payload: { version: d.course.version, parent_node_id: topic.node_id, node_ids: [lessonNode.node_id] },
    });
    d = res.json();
    expect(d.tree.map((n) => n.title)).toEqual(['Number']);
    expect((d.tree[0]!.children as { title: string }[]).map((n) => n.title)).toEqual(['Fractions']);
    // A topic cannot go inside itself; a reorder may not drop a child.
    res = await staff.request({
      method: 'PUT',
      url: `/api/v1/admin/courses/${course.id}/tree/`,
      payload: {
        version: d.course.version,
        parent_node_id: topic.node_id,
        node_ids: [lessonNode.node_id, topic.node_id],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['node_ids']);
    res = await staff.request({
      method: 'PUT',
      url: `/api/v1/admin/courses/${course.id}/tree/`,
      payload: { version: d.course.version, parent_node_id: topic.node_id, node_ids: [] },
    });
    expect(res.statusCode).toBe(400);
    // Publish the course and rename the topic.
    res = await staff.patch(`/api/v1/admin/courses/${course.id}/`, {
      version: d.course.version,
      is_published: true,
      feature_sets: { PREMIUM_LESSONS: ['EXTENDED'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    d = res.json();
    expect(d.course.is_published).toBe(true);
    res = await staff.patch(`/api/v1/admin/courses/${course.id}/sections/${topic.value_id}/`, {
      version: d.course.version,
      title: 'Number and algebra',
      is_published: true,
    });
    expect(res.json().tree[0].title).toBe('Number and algebra');
    const audits = await ctx.db.select({ action: auditLog.action }).from(auditLog);
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['add_section', 'add_lesson', 'reorder_course_tree', 'update_course', 'update_section']),
    );
  });

  it('answers 409 to the second of two staff saving the same version, changing nothing', async () => {
    const { course } = await newEmptyCourse('conflict-course');
    const first = await staff.patch(`/api/v1/admin/courses/${course.id}/`, { version: 1, title: 'First' });
    expect(first.statusCode).toBe(200);
    const second = await otherStaff.patch(`/api/v1/admin/courses/${course.id}/`, { version: 1, title: 'Second' });
    expect(second.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.title).toBe('First');
    const staleAdd = await otherStaff.post(`/api/v1/admin/courses/${course.id}/sections/`, {
      version: 1,
      parent_node_id: (await detail(course.id)).root_node_id,
      title: 'Lost',
    });
    expect(staleAdd.statusCode).toBe(409);
    expect(await ctx.db.select().from(sections).where(eq(sections.courseId, course.id))).toHaveLength(0);
  });

  it('uploads a PDF attachment and refuses other files', async () => {
    const { course } = await newEmptyCourse('attachment-course');
    const ok = await staff.request({
      method: 'POST',
      url: `/api/v1/admin/courses/${course.id}/attachments/`,
      ...multipartForm(
        { version: '1', title: 'Worksheet', additional_materials: 'true', is_premium: 'false' },
        { name: 'worksheet.pdf', content: PDF },
      ),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().attachments[0]).toMatchObject({
      title: 'Worksheet',
      additional_materials: true,
      is_premium: false,
    });
    expect(ok.json().tree[0].node_type).toBe('attachment');
    const notPdf = await staff.request({
      method: 'POST',
      url: `/api/v1/admin/courses/${course.id}/attachments/`,
      ...multipartForm({ version: '2', title: 'Text' }, { name: 'fake.pdf', content: Buffer.from('hello') }),
    });
    expect(notPdf.statusCode).toBe(400);
    expect(Object.keys(notPdf.json().errors)).toEqual(['file']);
    const attachmentId = ok.json().attachments[0].id;
    const patched = await staff.patch(`/api/v1/admin/courses/${course.id}/attachments/${attachmentId}/`, {
      version: 2,
      is_premium: true,
    });
    expect(patched.json().attachments[0].is_premium).toBe(true);
  });
});

describe('deleting from the course tree', () => {
  it('deletes an empty topic, a lesson nobody has used and an attachment; refuses a topic with items and a lesson with student work', async () => {
    const course = await createCourse(ctx.db);
    const topic = await createSection(ctx.db, course, { title: 'Ratios' });
    const emptyTopic = await createSection(ctx.db, course, { title: 'Empty topic' });
    const used = await createLesson(ctx.db, course, { title: 'Visited lesson', parent: topic });
    const unused = await createLesson(ctx.db, course, { title: 'Never opened', parent: topic });
    const sheet = await createAttachment(ctx.db, course, { title: 'Sheet', parent: unused });
    const loose = await createAttachment(ctx.db, course, { title: 'Loose sheet' });
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school, { courseId: course.id });
    const pupil = await createStudent(ctx.db, school, [klass]);
    await ctx.db.insert(chunkVisits).values({
      schoolId: school.id,
      classId: klass.id,
      profileId: pupil.profile.id,
      chunkId: used.chunks[0]!.id,
      firstVisitedAt: new Date(),
      lastVisitedAt: new Date(),
    });
    const remove = async (nodeId: number) => {
      const { course: c } = await detail(course.id);
      return staff.request({
        method: 'DELETE',
        url: `/api/v1/admin/courses/${course.id}/nodes/${nodeId}/?version=${c.version}`,
      });
    };

    const refusedTopic = await remove(topic.node.id);
    expect(refusedTopic.statusCode).toBe(409);
    expect(refusedTopic.json().detail).toBe('This topic still holds 2 items: move or delete them first.');
    const refusedLesson = await remove(used.node.id);
    expect(refusedLesson.statusCode).toBe(409);
    expect(refusedLesson.json().detail).toMatch(
      /Students have work or progress in this lesson \(1 visit .*unpublish it instead/,
    );
    expect(await ctx.db.select().from(lessons).where(eq(lessons.id, used.lesson.id))).toHaveLength(1);

    expect((await remove(unused.node.id)).statusCode).toBe(200);
    expect(await ctx.db.select().from(lessons).where(eq(lessons.id, unused.lesson.id))).toEqual([]);
    // Its attachment went with it.
    expect(await ctx.db.select().from(attachments).where(eq(attachments.id, sheet.attachment.id))).toEqual([]);
    const afterLoose = await remove(loose.node.id);
    expect(afterLoose.statusCode).toBe(200);
    expect(afterLoose.json().tree.map((n: { title: string }) => n.title)).toEqual(['Ratios', 'Empty topic']);
    expect((await remove(emptyTopic.node.id)).statusCode).toBe(200);
    expect(await ctx.db.select().from(sections).where(eq(sections.id, emptyTopic.section.id))).toEqual([]);
    const logged = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'delete_lesson'));
    expect(logged.map((l) => l.entityId)).toEqual([String(unused.lesson.id)]);
    // A stale version changes nothing.
    const stale = await staff.request({
      method: 'DELETE',
      url: `/api/v1/admin/courses/${course.id}/nodes/${used.node.id}/?version=1`,
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('lesson editor', () => {
  it('saves chunks in order, keeps chunk ids, and refuses publishing an empty lesson', async () => {
    const course = await createCourse(ctx.db);
    const { lesson, chunks: existing } = await createLesson(ctx.db, course, { isPublished: false });
    const got = await staff.get(`/api/v1/admin/lessons/${lesson.id}/`);
    expect(got.statusCode).toBe(200);
    const v = got.json().lesson.version as number;
    const res = await staff.patch(`/api/v1/admin/lessons/${lesson.id}/`, {
      version: v,
      title: 'Equivalent fractions',
      has_success_measure: true,
      is_published: true,
      chunks: [
        { id: existing[1]!.id, title: 'Second first', video_id: existing[1]!.videoId },
        { id: existing[0]!.id, title: 'First second', video_id: existing[0]!.videoId },
        { id: null, title: 'New part', video_id: existing[0]!.videoId },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lesson.chunks.map((c: { id: number; title: string }) => c.title)).toEqual([
      'Second first',
      'First second',
      'New part',
    ]);
    expect(res.json().lesson.chunks[0].id).toBe(existing[1]!.id);
    const stale = await otherStaff.patch(`/api/v1/admin/lessons/${lesson.id}/`, { version: v, title: 'Stale' });
    expect(stale.statusCode).toBe(409);
    const empty = await staff.patch(`/api/v1/admin/lessons/${lesson.id}/`, {
      version: v + 1,
      chunks: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['chunks']);
    const badVideo = await staff.patch(`/api/v1/admin/lessons/${lesson.id}/`, {
      version: v + 1,
      chunks: [{ id: null, title: 'x', video_id: 99999 }],
    });
    expect(Object.keys(badVideo.json().errors)).toEqual(['chunks.0.video_id']);
    const blank = await staff.patch(`/api/v1/admin/lessons/${lesson.id}/`, { version: v + 1, title: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors)).toEqual(['title']);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(lesson.id)));
    const update = audits.find((a) => a.action === 'update_lesson')!;
    expect((update.before as { title: string }).title).toBe(lesson.title);
    expect((update.after as { title: string }).title).toBe('Equivalent fractions');
  });
});

describe('who may author', () => {
  it('refuses teachers and students (403) on every authoring API', async () => {
    const course = await createCourse(ctx.db);
    for (const client of [teacher, student]) {
      expect((await client.get('/api/v1/admin/overview/')).statusCode).toBe(403);
      expect((await client.get(`/api/v1/admin/courses/${course.id}/`)).statusCode).toBe(403);
      const post = await client.post('/api/v1/admin/courses/', {
        details: details('nope'),
        structure: { mode: 'empty' },
      });
      expect(post.statusCode).toBe(403);
    }
  });

  it('counts what needs attention for the staff home', async () => {
    const res = await staff.get('/api/v1/admin/overview/');
    expect(res.statusCode).toBe(200);
    expect(res.json().draft_courses).toBeGreaterThan(0);
    expect(res.json()).toHaveProperty('failed_jobs');
  });
});
