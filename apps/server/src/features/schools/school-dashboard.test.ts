import { schoolDashboardResponse, schoolExamResponse } from '@banksia/contracts/schools';
import { AccessStatus } from '@banksia/contracts/classes';
import { describe, expect, it } from 'vitest';
import { chunkVisits, examAnswers, examSittings } from '../../db/schema/index';
import {
  createClass,
  createCourse,
  createExam,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createUser,
  createExamWithQuestions,
} from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { median, scoreBand, summariseScores } from './schools.presenter';

const ctx = useTestApp();

/** A submitted sitting of one 10-mark question, awarded `marks` (null: waits for marking). */
async function submitted(
  school: { id: number },
  klass: { id: number },
  profileId: number,
  exam: { id: number },
  questionId: number,
  marks: number | null,
  at = '2026-03-01T10:00:00.000Z',
) {
  const [sitting] = await ctx.db
    .insert(examSittings)
    .values({
      schoolId: school.id,
      classId: klass.id,
      profileId,
      examId: exam.id,
      status: 'submitted',
      startedAt: new Date(at),
      submittedAt: new Date(at),
    })
    .returning();
  await ctx.db.insert(examAnswers).values({
    schoolId: school.id,
    sittingId: sitting!.id,
    questionId,
    answer: { text: 'x' },
    markStatus: marks === null ? 'needs_marking' : 'correct',
    marksAwarded: marks === null ? null : String(marks),
    updatedAt: new Date(at),
  });
  return sitting!;
}

describe('score summary rules', () => {
  it('bands, medians and averages', () => {
    expect([0, 9.9, 10, 55, 99.9, 100].map(scoreBand)).toEqual([0, 0, 1, 5, 9, 9]);
    expect(median([])).toBeNull();
    expect(median([1, 3, 10])).toBe(3);
    expect(median([1, 3, 10, 20])).toBe(6.5);
    expect(summariseScores([40, 100, 70], 5, 1)).toEqual({
      roster_size: 5,
      submitted: 3,
      awaiting_marking: 1,
      average_percent: 70,
      median_percent: 70,
      distribution: [0, 0, 0, 0, 1, 0, 0, 1, 0, 1],
    });
    expect(summariseScores([], 4, 0)).toMatchObject({ submitted: 0, average_percent: null, median_percent: null });
  });
});

async function dashboardFixture() {
  const school = await createSchool(ctx.db, { name: 'Acacia College' });
  const course = await createCourse(ctx.db, { title: 'Maths 9' });
  const topic = await createSection(ctx.db, course);
  const hidden = await createSection(ctx.db, course, { isPublished: false });
  const l1 = await createLesson(ctx.db, course, { parent: topic, chunks: 2 });
  const l2 = await createLesson(ctx.db, course, { parent: topic, chunks: 2 });
  await createLesson(ctx.db, course, { parent: topic, chunks: 3, isComingSoon: true });
  await createLesson(ctx.db, course, { parent: hidden, chunks: 5 });
  const { exam, questions } = await createExamWithQuestions(ctx.db, course, {
    exam: { title: 'Term 1 test' },
    questions: [{ type: 'short_text', marks: 10, accepted_answers: ['x'] }],
  });
  await createExam(ctx.db, course, { kind: 'question_set', title: 'Practice' });
  const a = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT1' });
  const b = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT2', classType: 'TT' });
  const old = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT 2025', calendarYear: 2025 });
  const { user: teacherA, profile: teacherAProfile } = await createTeacher(ctx.db, school, [a], {
    firstName: 'Tess',
    lastName: 'Young',
  });
  const { user: admin } = await createTeacher(ctx.db, school, [], { roles: ['teacher', 'school_admin'] });
  const s1 = await createStudent(ctx.db, school, [a]);
  const s2 = await createStudent(ctx.db, school, [a]);
  const removed = await createStudent(ctx.db, school, [a], { accessStatus: AccessStatus.REMOVED });
  const s3 = await createStudent(ctx.db, school, [b]);
  return {
    school,
    course,
    l1,
    l2,
    exam,
    question: questions[0]!,
    a,
    b,
    old,
    teacherA,
    teacherAProfile,
    admin,
    s1,
    s2,
    s3,
    removed,
  };
}

describe('GET /api/v1/school-dashboards/:schoolSlug/', () => {
  it("aggregates each class's figures for the current year", async () => {
    const f = await dashboardFixture();
    const visit = (profileId: number, chunkId: number, classId = f.a.id, at = '2026-03-01T08:00:00.000Z') =>
      ctx.db.insert(chunkVisits).values({
        schoolId: f.school.id,
        classId,
        profileId,
        chunkId,
        firstVisitedAt: new Date(at),
        lastVisitedAt: new Date(at),
      });
    // 4 openable chunks; s1 opened 3, s2 opened 1 → 4 of 2 × 4 = 0.5. The removed student's visit does not count.
    await visit(f.s1.profile.id, f.l1.chunks[0]!.id);
    await visit(f.s1.profile.id, f.l1.chunks[1]!.id);
    await visit(f.s1.profile.id, f.l2.chunks[0]!.id);
    await visit(f.s2.profile.id, f.l2.chunks[1]!.id, f.a.id, '2026-03-01T12:30:00.000Z');
    await visit(f.removed.profile.id, f.l2.chunks[1]!.id);
    await submitted(f.school, f.a, f.s1.profile.id, f.exam, f.question.id, 7);
    await submitted(f.school, f.a, f.s1.profile.id, f.exam, f.question.id, 9);

    const response = await (await ctx.client(f.teacherA.id)).get(`/api/v1/school-dashboards/${f.school.slug}/`);
    expect(response.statusCode).toBe(200);
    const body = schoolDashboardResponse.parse(response.json());
    expect(body.year).toBe(2026);
    expect(body.years).toEqual([2026, 2025]);
    expect(body.classes).toEqual([
      {
        id: f.a.id,
        title: '9MAT1',
        course_id: f.course.id,
        course_title: 'Maths 9',
        class_type: 'N',
        teacher_names: ['Tess Young'],
        student_count: 2,
        chunk_count: 4,
        chunks_opened_share: 0.5,
        exams_submitted: 1,
        last_activity_at: '2026-03-01T12:30:00.000Z',
        can_open: true,
      },
      expect.objectContaining({
        id: f.b.id,
        student_count: 1,
        chunks_opened_share: 0,
        exams_submitted: 0,
        last_activity_at: null,
        can_open: false,
      }),
    ]);
    expect(body.exams).toEqual([
      {
        exam_id: f.exam.id,
        title: 'Term 1 test',
        course_id: f.course.id,
        course_title: 'Maths 9',
        class_count: 2,
        submitted: 1,
      },
    ]);

    const admin = schoolDashboardResponse.parse(
      (await (await ctx.client(f.admin.id)).get(`/api/v1/school-dashboards/${f.school.slug}/?year=2025`)).json(),
    );
    expect(admin.classes.map((c) => [c.id, c.can_open])).toEqual([[f.old.id, true]]);
  });

  it('answers in a fixed number of queries however many classes there are', async () => {
    const f = await dashboardFixture();
    for (let i = 0; i < 5; i++) await createClass(ctx.db, f.school, { courseId: f.course.id });
    const client = await ctx.client(f.admin.id);
    const count = async () => {
      let n = 0;
      const original = ctx.db.execute.bind(ctx.db);
      ctx.db.execute = ((...args: Parameters<typeof original>) => {
        n++;
        return original(...args);
      }) as typeof original;
      try {
        expect((await client.get(`/api/v1/school-dashboards/${f.school.slug}/`)).statusCode).toBe(200);
      } finally {
        ctx.db.execute = original;
      }
      return n;
    };
    const before = await count();
    expect(before).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await createClass(ctx.db, f.school, { courseId: f.course.id });
    expect(await count()).toBe(before);
  });

  it('is for teachers and admins of the school and staff; 403 for others, 404 for an unknown school', async () => {
    const f = await dashboardFixture();
    const { user: foreignTeacher } = await createTeacher(ctx.db, await createSchool(ctx.db));
    const { user: foreignAdmin } = await createTeacher(ctx.db, await createSchool(ctx.db), [], {
      roles: ['teacher', 'school_admin'],
    });
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    const status = async (userId: number | undefined, slug = f.school.slug) =>
      (await (await ctx.client(userId)).get(`/api/v1/school-dashboards/${slug}/`)).statusCode;
    expect(await status(undefined)).toBe(401);
    expect(await status(f.s1.user.id)).toBe(403);
    expect(await status(foreignTeacher.id)).toBe(403);
    expect(await status(foreignAdmin.id)).toBe(403);
    expect(await status(f.teacherA.id)).toBe(200);
    expect(await status(f.admin.id)).toBe(200);
    expect(await status(staff.id)).toBe(200);
    expect(await status(staff.id, 'no-such-school')).toBe(404);
    const bad = await (await ctx.client(staff.id)).get(`/api/v1/school-dashboards/${f.school.slug}/?year=19`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('year');
  });
});

describe('GET /api/v1/school-dashboards/:schoolSlug/exams/:examId/', () => {
  it("summarises each class's latest submitted scores without naming anyone", async () => {
    const f = await dashboardFixture();
    const s4 = await createStudent(ctx.db, f.school, [f.a]);
    await submitted(f.school, f.a, f.s1.profile.id, f.exam, f.question.id, 2, '2026-02-01T10:00:00.000Z');
    await submitted(f.school, f.a, f.s1.profile.id, f.exam, f.question.id, 8, '2026-02-02T10:00:00.000Z');
    await submitted(f.school, f.a, f.s2.profile.id, f.exam, f.question.id, 5);
    await submitted(f.school, f.a, s4.profile.id, f.exam, f.question.id, null);
    await submitted(f.school, f.b, f.s3.profile.id, f.exam, f.question.id, 10);
    // A removed student's sitting is not counted.
    await submitted(f.school, f.a, f.removed.profile.id, f.exam, f.question.id, 0);

    const response = await (
      await ctx.client(f.teacherA.id)
    ).get(`/api/v1/school-dashboards/${f.school.slug}/exams/${f.exam.id}/`);
    expect(response.statusCode).toBe(200);
    const body = schoolExamResponse.parse(response.json());
    expect(body.exam).toMatchObject({ id: f.exam.id, title: 'Term 1 test', marks_total: 10 });
    expect(body.years).toEqual([2026, 2025]);
    expect(body.classes).toEqual([
      {
        class_id: f.a.id,
        title: '9MAT1',
        teacher_names: ['Tess Young'],
        can_mark: true,
        roster_size: 3,
        submitted: 3,
        awaiting_marking: 1,
        average_percent: 43.3,
        median_percent: 50,
        distribution: [1, 0, 0, 0, 0, 1, 0, 0, 1, 0],
      },
      expect.objectContaining({ class_id: f.b.id, can_mark: false, submitted: 1, average_percent: 100 }),
    ]);
    expect(body.overall).toMatchObject({ roster_size: 4, submitted: 4, average_percent: 57.5, median_percent: 65 });
    const text = JSON.stringify(body);
    for (const s of [f.s1, f.s2, f.s3]) expect(text).not.toContain(s.user.lastName);

    const earlier = schoolExamResponse.parse(
      (
        await (
          await ctx.client(f.admin.id)
        ).get(`/api/v1/school-dashboards/${f.school.slug}/exams/${f.exam.id}/?year=2025`)
      ).json(),
    );
    expect(earlier.classes.map((c) => [c.class_id, c.submitted, c.can_mark])).toEqual([[f.old.id, 0, true]]);
  });

  it('refuses outsiders and answers 404 for an unknown exam or a question set', async () => {
    const f = await dashboardFixture();
    const { exam: practice } = await createExam(ctx.db, f.course, { kind: 'question_set' });
    const { user: foreignTeacher } = await createTeacher(ctx.db, await createSchool(ctx.db));
    const get = async (userId: number, examId: number) =>
      (await (await ctx.client(userId)).get(`/api/v1/school-dashboards/${f.school.slug}/exams/${examId}/`)).statusCode;
    expect(await get(foreignTeacher.id, f.exam.id)).toBe(403);
    expect(await get(f.s1.user.id, f.exam.id)).toBe(403);
    expect(await get(f.admin.id, 987654)).toBe(404);
    expect(await get(f.admin.id, practice.id)).toBe(404);
  });
});
