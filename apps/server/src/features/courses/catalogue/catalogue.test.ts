import {
  branchForSelectResponse,
  classAssemblageResponse,
  courseBranchOptionsResponse,
  courseOptionsResponse,
  courseSchema,
  myCoursesResponse,
  presitreeAssemblageResponse,
  type ClassTreeNode,
  type PresiTreeNode,
} from '@banksia/contracts/courses';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captionTracks } from '../../../db/schema/index';
import {
  createAttachment,
  createClass,
  createCourse,
  createExam,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createUser,
} from '../../../../test/factories';
import { useTestApp } from '../../../../test/harness';

const ctx = useTestApp();

/** A course with one of each case: drafts, unsubmittable exams, premium items, a sub-section, a stored video. */
async function buildScene(classFeatures: 'STANDARD' | 'EXTENDED' = 'STANDARD') {
  const course = await createCourse(ctx.db, {
    title: 'Scene Mathematics',
    subject: 'Scene Subject',
    featureSets: {
      PREMIUM_LESSONS: ['EXTENDED'],
      PREMIUM_ATTACHMENTS: ['EXTENDED'],
      LESSON_QUESTIONS: ['STANDARD', 'EXTENDED'],
    },
  });
  const topic = await createSection(ctx.db, course, { title: 'Fractions' });
  const { exam: questionSet } = await createExam(ctx.db, course, {
    title: 'Fractions check',
    kind: 'question_set',
    placed: false,
    marksTotal: '37.50',
  });
  const { exam: hiddenQuestionSet } = await createExam(ctx.db, course, {
    kind: 'question_set',
    placed: false,
    isPublished: false,
  });
  const lessonA = await createLesson(ctx.db, course, {
    title: 'Equivalent fractions',
    parent: topic,
    chunks: 3,
    chunkDuration: 90,
    questionSetId: questionSet.id,
  });
  const premiumSheet = await createAttachment(ctx.db, course, {
    title: 'Extension sheet',
    parent: lessonA,
    isPremium: true,
  });
  const freeSheet = await createAttachment(ctx.db, course, { title: 'Worksheet', parent: lessonA });
  const draftLesson = await createLesson(ctx.db, course, { title: 'Draft lesson', parent: topic, isPublished: false });
  const comingSoon = await createLesson(ctx.db, course, {
    title: 'Coming soon',
    parent: topic,
    isComingSoon: true,
    questionSetId: hiddenQuestionSet.id,
  });
  const premium = await createLesson(ctx.db, course, { title: 'Premium lesson', parent: topic, isPremium: true });
  const empty = await createLesson(ctx.db, course, { title: 'No chunks yet', parent: topic, chunks: 0 });
  const sub = await createSection(ctx.db, course, { title: 'Simplifying', parent: topic });
  const stored = await createLesson(ctx.db, course, {
    title: 'Stored video',
    parent: sub,
    chunks: 1,
    chunkDuration: 24,
    videoStorageKey: 'demo/videos/clip.webm',
  });
  await ctx.db.insert(captionTracks).values({
    videoId: stored.chunks[0]!.videoId,
    label: 'English',
    srclang: 'en',
    storageKey: 'demo/captions/clip.en.vtt',
    isDefault: true,
  });
  const exam = await createExam(ctx.db, course, { title: 'Topic test', parent: topic });
  const printedExam = await createExam(ctx.db, course, { title: 'Printed test', parent: topic, isSubmittable: false });
  const draftExam = await createExam(ctx.db, course, { title: 'Draft test', parent: topic, isPublished: false });
  const draftTopic = await createSection(ctx.db, course, { title: 'Probability', isPublished: false });
  const hiddenLesson = await createLesson(ctx.db, course, { title: 'Chance', parent: draftTopic });
  const topicSheet = await createAttachment(ctx.db, course, { title: 'Formula sheet', additionalMaterials: true });

  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school, { courseId: course.id, features: classFeatures });
  const otherClass = await createClass(ctx.db, school);
  const { user: student } = await createStudent(ctx.db, school, [klass]);
  const { user: otherStudent } = await createStudent(ctx.db, school, [otherClass]);
  const { user: teacher } = await createTeacher(ctx.db, school, [klass]);
  const foreign = await createSchool(ctx.db);
  const { user: foreignTeacher } = await createTeacher(ctx.db, foreign, [await createClass(ctx.db, foreign)]);
  const staff = await createUser(ctx.db, { roles: ['content_admin'] });
  return {
    course,
    klass,
    topic,
    sub,
    draftTopic,
    questionSet,
    hiddenQuestionSet,
    lessonA,
    draftLesson,
    comingSoon,
    premium,
    empty,
    stored,
    hiddenLesson,
    exam,
    printedExam,
    draftExam,
    premiumSheet,
    freeSheet,
    topicSheet,
    users: { student, otherStudent, teacher, foreignTeacher, staff },
  };
}
type Scene = Awaited<ReturnType<typeof buildScene>>;

const ids = (record: Record<string, unknown>) =>
  Object.keys(record)
    .map(Number)
    .sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

function findNode(tree: ClassTreeNode, id: string): ClassTreeNode | undefined {
  if (tree.id === id) return tree;
  for (const child of tree.children) {
    const found = findNode(child, id);
    if (found) return found;
  }
  return undefined;
}

function presiTypes(tree: PresiTreeNode): string[] {
  return [tree.node_type, ...tree.children.flatMap(presiTypes)];
}

describe('api:course-assemblage (GET /api/v1/classes/{classId}/assemblage/)', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await buildScene();
  });
  const get = async (userId: number, classId = s.klass.id) =>
    (await ctx.client(userId)).get(`/api/v1/classes/${classId}/assemblage/`);

  it('gives a student the listed content only, in tree order, shaped as the contract says', async () => {
    const response = await get(s.users.student.id);
    expect(response.statusCode).toBe(200);
    const body = classAssemblageResponse.parse(response.json());
    expect(body.class).toMatchObject({ id: s.klass.id, class_type: 'N', features: 'STANDARD' });
    expect(body.course).toMatchObject({ id: s.course.id, title: 'Scene Mathematics', subject: 'Scene Subject' });

    expect(ids(body.sections)).toEqual(sorted(s.topic.section.id, s.sub.section.id));
    expect(body.sections[s.topic.section.id]).toMatchObject({ depth: 1, parent_id: null });
    expect(body.sections[s.sub.section.id]).toMatchObject({ depth: 2, parent_id: s.topic.section.id });
    expect(ids(body.lessons)).toEqual(
      sorted(s.lessonA.lesson.id, s.comingSoon.lesson.id, s.premium.lesson.id, s.empty.lesson.id, s.stored.lesson.id),
    );
    // Listed exams only (published and submittable), plus the published question set of a listed lesson.
    expect(ids(body.exams)).toEqual(sorted(s.exam.exam.id, s.questionSet.id));
    expect(ids(body.attachments)).toEqual(
      sorted(s.premiumSheet.attachment.id, s.freeSheet.attachment.id, s.topicSheet.attachment.id),
    );

    expect(body.tree).toMatchObject({ id: `course-${s.course.id}`, node_type: 'COURSE', value_id: s.course.id });
    expect(body.tree.children.map((c) => c.id)).toEqual([
      `section-${s.topic.section.id}`,
      `attachment-${s.topicSheet.attachment.id}`,
    ]);
    expect(findNode(body.tree, `section-${s.topic.section.id}`)!.children.map((c) => c.id)).toEqual([
      `lesson-${s.lessonA.lesson.id}`,
      `lesson-${s.comingSoon.lesson.id}`,
      `lesson-${s.premium.lesson.id}`,
      `lesson-${s.empty.lesson.id}`,
      `section-${s.sub.section.id}`,
      `exam-${s.exam.exam.id}`,
    ]);
    expect(findNode(body.tree, `lesson-${s.lessonA.lesson.id}`)!.children.map((c) => c.node_type)).toEqual([
      'ATTACHMENT',
      'ATTACHMENT',
    ]);
    expect(findNode(body.tree, `section-${s.draftTopic.section.id}`)).toBeUndefined();
  });

  it('sends lessons with chunks, videos, captions, question set, chunk count and total duration', async () => {
    const body = classAssemblageResponse.parse((await get(s.users.student.id)).json());
    const a = body.lessons[s.lessonA.lesson.id]!;
    expect(a).toMatchObject({ content_type: 'tod.lesson', chunk_count: 3, total_duration: 270, is_premium: false });
    expect(a.chunks.map((c) => c.index)).toEqual([1, 2, 3]);
    expect(a.chunks[0]!.video).toMatchObject({ kind: 'hosted', provider: 'youtube', url: null, duration: 90 });
    expect(a.chunks[0]!.video.hosted_id).toBeTruthy();
    expect(a.question_set).toMatchObject({ id: s.questionSet.id, kind: 'question_set', marks_total: '37.5' });
    // The coming-soon lesson's question set is a draft: a student does not see it.
    expect(body.lessons[s.comingSoon.lesson.id]!.question_set).toBeNull();
    expect(body.lessons[s.empty.lesson.id]).toMatchObject({ chunk_count: 0, total_duration: 0, chunks: [] });
    const stored = body.lessons[s.stored.lesson.id]!.chunks[0]!.video;
    expect(stored).toMatchObject({ kind: 'file', url: '/media/demo/videos/clip.webm', duration: 24 });
    expect(stored.captions).toEqual([
      expect.objectContaining({
        label: 'English',
        srclang: 'en',
        url: '/media/demo/captions/clip.en.vtt',
        is_default: true,
      }),
    ]);
  });

  it("withholds premium media from students whose class's features do not include it", async () => {
    const body = classAssemblageResponse.parse((await get(s.users.student.id)).json());
    const premium = body.lessons[s.premium.lesson.id]!;
    expect(premium).toMatchObject({ is_premium: true, chunk_count: 2, total_duration: 120 });
    expect(premium.chunks.every((c) => c.video.hosted_id === null && c.video.url === null)).toBe(true);
    expect(body.attachments[s.premiumSheet.attachment.id]).toMatchObject({ is_premium: true, file_url: '' });
    expect(body.attachments[s.freeSheet.attachment.id]!.file_url).toMatch(/^\/media\/test\/attachments\//);

    const extended = await buildScene('EXTENDED');
    const open = classAssemblageResponse.parse((await get(extended.users.student.id, extended.klass.id)).json());
    expect(open.lessons[extended.premium.lesson.id]!.chunks[0]!.video.hosted_id).toBeTruthy();
    expect(open.attachments[extended.premiumSheet.attachment.id]!.file_url).toMatch(/^\/media\//);
  });

  it('gives teachers and staff everything, with the flags that let the interface mark drafts', async () => {
    for (const userId of [s.users.teacher.id, s.users.staff.id]) {
      const response = await get(userId);
      expect(response.statusCode).toBe(200);
      const body = classAssemblageResponse.parse(response.json());
      expect(ids(body.sections)).toEqual(sorted(s.topic.section.id, s.sub.section.id, s.draftTopic.section.id));
      expect(body.lessons[s.draftLesson.lesson.id]).toMatchObject({ is_published: false });
      expect(body.lessons[s.hiddenLesson.lesson.id]).toBeDefined();
      expect(body.exams[s.printedExam.exam.id]).toMatchObject({ is_submittable: false });
      expect(body.exams[s.draftExam.exam.id]).toMatchObject({ is_published: false });
      expect(body.lessons[s.comingSoon.lesson.id]!.question_set).toMatchObject({ is_published: false });
      expect(body.lessons[s.premium.lesson.id]!.chunks[0]!.video.hosted_id).toBeTruthy();
      expect(body.attachments[s.premiumSheet.attachment.id]!.file_url).not.toBe('');
      expect(findNode(body.tree, `section-${s.draftTopic.section.id}`)!.children[0]!.id).toBe(
        `lesson-${s.hiddenLesson.lesson.id}`,
      );
    }
  });

  it('refuses non-members (403), and answers 404 for an unknown class', async () => {
    expect((await get(s.users.otherStudent.id)).statusCode).toBe(403);
    expect((await get(s.users.foreignTeacher.id)).statusCode).toBe(403);
    expect((await get(s.users.staff.id, 987654)).statusCode).toBe(404);
    expect((await (await ctx.client()).get(`/api/v1/classes/${s.klass.id}/assemblage/`)).statusCode).toBe(401);
  });

  it('answers a class whose course has no tree yet with the bare course node', async () => {
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school);
    const { user } = await createTeacher(ctx.db, school, [klass]);
    const body = classAssemblageResponse.parse((await get(user.id, klass.id)).json());
    expect(body.tree).toEqual({
      id: `course-${klass.courseId}`,
      node_type: 'COURSE',
      value_id: klass.courseId,
      children: [],
    });
    expect(body.lessons).toEqual({});
  });
});

describe('GET /api/v1/presitree/{courseId}/assemblage/', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await buildScene();
  });
  const get = async (userId: number, courseId = s.course.id) =>
    (await ctx.client(userId)).get(`/api/v1/presitree/${courseId}/assemblage/`);

  it('gives anyone signed in the listed content of a published course, without attachments', async () => {
    for (const userId of [s.users.otherStudent.id, s.users.foreignTeacher.id]) {
      const response = await get(userId);
      expect(response.statusCode).toBe(200);
      const body = presitreeAssemblageResponse.parse(response.json());
      expect(body.course.id).toBe(s.course.id);
      expect(body.tree).toMatchObject({ node_type: 'course', value_id: s.course.id });
      expect(new Set(presiTypes(body.tree))).toEqual(new Set(['course', 'section', 'lesson', 'exam']));
      expect(ids(body.content.sections)).toEqual(sorted(s.topic.section.id, s.sub.section.id));
      expect(body.content.lessons[s.draftLesson.lesson.id]).toBeUndefined();
      expect(body.content.lessons[s.hiddenLesson.lesson.id]).toBeUndefined();
      expect(ids(body.content.exams)).toEqual(sorted(s.exam.exam.id, s.questionSet.id));
      // No class grants premium features here: the premium lesson is listed, its videos are not sent.
      expect(body.content.lessons[s.premium.lesson.id]!.chunks[0]!.video.hosted_id).toBeNull();
    }
  });

  it('gives staff everything, drafts and unpublished courses included; others get 404 for those', async () => {
    const body = presitreeAssemblageResponse.parse((await get(s.users.staff.id)).json());
    expect(body.content.sections[s.draftTopic.section.id]).toBeDefined();
    expect(body.content.exams[s.printedExam.exam.id]).toBeDefined();

    const draft = await createCourse(ctx.db, { isPublished: false });
    await createLesson(ctx.db, draft);
    expect((await get(s.users.staff.id, draft.id)).statusCode).toBe(200);
    expect((await get(s.users.teacher.id, draft.id)).statusCode).toBe(404);
    expect((await get(s.users.staff.id, 987654)).statusCode).toBe(404);
  });
});

describe('course catalogue and selectors', () => {
  let s: Scene;
  let draft: Awaited<ReturnType<typeof createCourse>>;
  beforeAll(async () => {
    s = await buildScene();
    draft = await createCourse(ctx.db, { title: 'AAA Draft course', subject: 'Draft Subject', isPublished: false });
  });
  const get = async (userId: number, url: string) => (await ctx.client(userId)).get(url);

  it('lists published courses by title to everyone, and drafts too to staff', async () => {
    const forStudent = z.array(courseSchema).parse((await get(s.users.student.id, '/api/v1/courses/')).json());
    const titles = forStudent.map((c) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(forStudent.map((c) => c.id)).toContain(s.course.id);
    expect(forStudent.map((c) => c.id)).not.toContain(draft.id);
    const forStaff = z.array(courseSchema).parse((await get(s.users.staff.id, '/api/v1/courses/')).json());
    expect(forStaff.find((c) => c.id === draft.id)).toMatchObject({ is_published: false });

    const options = courseOptionsResponse.parse((await get(s.users.student.id, '/api/v1/courses/options/')).json());
    expect(options.find((o) => o.course_id === s.course.id)).toMatchObject({
      title: 'Scene Mathematics',
      year_published: 2026,
    });
    expect(options.map((o) => o.course_id)).not.toContain(draft.id);
  });

  it("lists the courses of the user's own classes with those classes", async () => {
    const mine = myCoursesResponse.parse((await get(s.users.student.id, '/api/v1/courses/mine/')).json());
    expect(mine).toEqual([
      {
        course_id: s.course.id,
        title: 'Scene Mathematics',
        year_published: 2026,
        classes: [{ id: s.klass.id, title: s.klass.title, calendar_year: 2026 }],
      },
    ]);
    const teacherMine = myCoursesResponse.parse((await get(s.users.teacher.id, '/api/v1/courses/mine/')).json());
    expect(teacherMine.map((c) => c.course_id)).toEqual([s.course.id]);
    expect((await get(s.users.staff.id, '/api/v1/courses/mine/')).json()).toEqual([]);
  });

  it('answers the course branch options labelled "<title> (<year>)"', async () => {
    const response = await get(s.users.teacher.id, '/api/v1/branch/for_select/courses/?type=course');
    const options = courseBranchOptionsResponse.parse(response.json());
    expect(options.find((o) => o.course_id === s.course.id)).toEqual({
      course_id: s.course.id,
      title: 'Scene Mathematics',
      year_published: 2026,
      label: 'Scene Mathematics (2026)',
    });
  });

  it('answers each branch type: subjects, courses, topics and lessons of a course', async () => {
    const branch = async (userId: number, query: string) => {
      const response = await get(userId, `/api/v1/branch/for_select/?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return branchForSelectResponse.parse(response.json());
    };
    const subjects = await branch(s.users.student.id, 'type=subject');
    expect(subjects).toContainEqual({ id: 'Scene Subject', title: 'Scene Subject', label: 'Scene Subject' });
    expect(subjects.map((o) => o.id)).not.toContain('Draft Subject');
    expect((await branch(s.users.staff.id, 'type=subject')).map((o) => o.id)).toContain('Draft Subject');

    expect(await branch(s.users.student.id, 'type=course')).toContainEqual({
      id: s.course.id,
      title: 'Scene Mathematics',
      label: 'Scene Mathematics (2026)',
    });

    expect(await branch(s.users.student.id, `type=area_of_study&course=${s.course.id}`)).toEqual([
      { id: s.topic.section.id, title: 'Fractions', label: 'Fractions' },
    ]);
    expect(await branch(s.users.staff.id, `type=area_of_study&course=${s.course.id}`)).toEqual([
      { id: s.topic.section.id, title: 'Fractions', label: 'Fractions' },
      { id: s.draftTopic.section.id, title: 'Probability', label: 'Probability (unpublished)' },
    ]);

    const lessons = await branch(s.users.student.id, `type=lesson&course=${s.course.id}`);
    expect(lessons.map((o) => o.label)).toEqual([
      'Fractions: Equivalent fractions',
      'Fractions: Coming soon',
      'Fractions: Premium lesson',
      'Fractions: No chunks yet',
      'Fractions: Stored video',
    ]);
    const staffLessons = await branch(s.users.staff.id, `type=lesson&course=${s.course.id}`);
    expect(staffLessons.map((o) => o.label)).toContain('Fractions: Draft lesson (unpublished)');
    expect(staffLessons.map((o) => o.id)).toContain(s.hiddenLesson.lesson.id);
  });

  it('needs a course for topics and lessons (400 naming it), and hides draft courses (404)', async () => {
    for (const type of ['area_of_study', 'lesson']) {
      const response = await get(s.users.student.id, `/api/v1/branch/for_select/?type=${type}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('course');
    }
    const badType = await get(s.users.student.id, '/api/v1/branch/for_select/?type=topic');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors).toHaveProperty('type');
    expect(
      (await get(s.users.student.id, `/api/v1/branch/for_select/?type=lesson&course=${draft.id}`)).statusCode,
    ).toBe(404);
    expect((await get(s.users.staff.id, `/api/v1/branch/for_select/?type=lesson&course=${draft.id}`)).statusCode).toBe(
      200,
    );
  });
});
