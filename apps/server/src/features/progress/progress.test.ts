import { AccessStatus } from '@banksia/contracts/classes';
import {
  classCourseProgressResponse,
  classmatesResponse,
  userCourseProgressResponse,
} from '@banksia/contracts/courses';
import { describe, expect, it } from 'vitest';
import { chunkVisits, chunkWatches, lessonNotes, lessonSelfRatings } from '../../db/schema/index';
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
} from '../../../test/factories';
import { ctx, classWithCourse, progressUrl } from './progress.test-helpers';

describe('api:user-progress-course', () => {
  it('leaves out lessons under an unpublished topic, as the class assemblage does', async () => {
    const { klass, course, amy } = await classWithCourse();
    const draftTopic = await createSection(ctx.db, course, { isPublished: false });
    const hidden = await createLesson(ctx.db, course, { parent: draftTopic, chunks: 4 });
    const progress = userCourseProgressResponse.parse(
      (await (await ctx.client(amy.user.id)).get(progressUrl(klass.id, amy.user.id))).json(),
    );
    expect(Object.keys(progress.lessons)).not.toContain(String(hidden.lesson.id));
    expect(progress.video_count).toBe(5);
    const teacherView = classCourseProgressResponse.parse(
      (
        await (
          await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id)
        ).get(`/api/v1/classes/${klass.id}/progress/`)
      ).json(),
    );
    expect(teacherView.chunk_count_total).toBe(5);
  });

  it("answers a student's progress: videos, visited and watched chunks, rating and notes, with every published lesson", async () => {
    const { school, course, klass, teacher, amy, one, two } = await classWithCourse();
    const soon = await createLesson(ctx.db, course, { isComingSoon: true, chunks: 4 });
    const draft = await createLesson(ctx.db, course, { isPublished: false });
    const now = ctx.clock.now();
    const mine = { schoolId: school.id, classId: klass.id, profileId: amy.profile.id };
    await ctx.db.insert(chunkVisits).values([
      { ...mine, chunkId: one.chunks[0]!.id, firstVisitedAt: now, lastVisitedAt: now },
      { ...mine, chunkId: one.chunks[1]!.id, firstVisitedAt: now, lastVisitedAt: now },
      { ...mine, chunkId: two.chunks[2]!.id, firstVisitedAt: now, lastVisitedAt: now },
    ]);
    await ctx.db.insert(chunkWatches).values([
      { ...mine, chunkId: one.chunks[1]!.id, secondsWatched: 95, maxPosition: 95, watched: true, updatedAt: now },
      { ...mine, chunkId: one.chunks[0]!.id, secondsWatched: 10, maxPosition: 10, watched: false, updatedAt: now },
    ]);
    await ctx.db.insert(lessonSelfRatings).values({
      schoolId: school.id,
      profileId: amy.profile.id,
      lessonId: two.lesson.id,
      rating: 4,
      updatedAt: now,
    });
    const inClass = { schoolId: school.id, classId: klass.id, profileId: amy.profile.id };
    await ctx.db.insert(lessonNotes).values([
      { ...inClass, lessonId: one.lesson.id, html: '<p>n</p>', updatedAt: now },
      { ...inClass, lessonId: two.lesson.id, html: '', updatedAt: now },
    ]);

    const own = await (await ctx.client(amy.user.id)).get(progressUrl(klass.id, amy.user.id));
    expect(own.statusCode).toBe(200);
    const progress = userCourseProgressResponse.parse(own.json());
    expect(progress).toMatchObject({
      user_id: amy.user.id,
      class_id: klass.id,
      video_count: 5, // 2 + 3: the coming-soon lesson's chunks cannot be watched yet
      videos_watched: 1,
      lessons_with_notes_taken: [one.lesson.id],
      exams: {},
      locked_exam_ids: [],
    });
    expect(Object.keys(progress.lessons).sort()).toEqual(
      [one.lesson.id, two.lesson.id, soon.lesson.id].map(String).sort(),
    );
    expect(progress.lessons).not.toHaveProperty(String(draft.lesson.id));
    expect(progress.lessons[one.lesson.id]).toEqual({
      lesson_id: one.lesson.id,
      self_rating: null,
      visited_chunk_ids: [one.chunks[0]!.id, one.chunks[1]!.id],
      watched_chunk_ids: [one.chunks[1]!.id],
    });
    expect(progress.lessons[two.lesson.id]).toMatchObject({ self_rating: 4, visited_chunk_ids: [two.chunks[2]!.id] });

    // The teacher sees the same.
    const asTeacher = await (await ctx.client(teacher.user.id)).get(progressUrl(klass.id, amy.user.id));
    expect(asTeacher.statusCode).toBe(200);
    expect(asTeacher.json()).toEqual(progress);
  });

  it('refuses another student, other teachers and admins of other schools; allows the school admin and staff', async () => {
    const { school, klass, amy, bob } = await classWithCourse();
    const otherTeacher = await createTeacher(ctx.db, school, [await createClass(ctx.db, school)]);
    const schoolAdmin = await createTeacher(ctx.db, school, [], { roles: ['teacher', 'school_admin'] });
    const foreignAdmin = await createTeacher(ctx.db, await createSchool(ctx.db), [], {
      roles: ['teacher', 'school_admin'],
    });
    const staff = await createUser(ctx.db, { roles: ['roster_admin'] });
    const status = async (userId: number) =>
      (await (await ctx.client(userId)).get(progressUrl(klass.id, amy.user.id))).statusCode;
    expect(await status(bob.user.id)).toBe(403);
    expect(await status(otherTeacher.user.id)).toBe(403);
    expect(await status(foreignAdmin.user.id)).toBe(403);
    expect(await status(schoolAdmin.user.id)).toBe(200);
    expect(await status(staff.id)).toBe(200);
    expect((await (await ctx.client()).get(progressUrl(klass.id, amy.user.id))).statusCode).toBe(401);
  });

  it('answers 404 for an unknown class and for a user not on the roster', async () => {
    const { school, klass, teacher } = await classWithCourse();
    const removed = await createStudent(ctx.db, school, [klass], { accessStatus: AccessStatus.REMOVED });
    const stranger = await createUser(ctx.db);
    const client = await ctx.client(teacher.user.id);
    expect((await client.get(progressUrl(987654, stranger.id))).statusCode).toBe(404);
    expect((await client.get(progressUrl(klass.id, stranger.id))).statusCode).toBe(404);
    expect((await client.get(progressUrl(klass.id, removed.user.id))).statusCode).toBe(404);
    expect((await client.get(progressUrl(klass.id, teacher.user.id))).statusCode).toBe(404);
    // A removed student cannot read their own progress any more.
    expect((await (await ctx.client(removed.user.id)).get(progressUrl(klass.id, removed.user.id))).statusCode).toBe(
      403,
    );
  });
});

describe('api:class-course-progress', () => {
  it('aggregates the roster per lesson in one answer', async () => {
    const { school, course, klass, teacher, amy, bob, one, two } = await classWithCourse();
    const soon = await createLesson(ctx.db, course, { isComingSoon: true, chunks: 1 });
    const { exam } = await createExam(ctx.db, course);
    await createExam(ctx.db, course, { isPublished: false });
    // Off the roster: their data must not count.
    const removed = await createStudent(ctx.db, school, [klass], { accessStatus: AccessStatus.REMOVED });
    const now = ctx.clock.now();
    const visit = (profileId: number, chunkId: number) => ({
      schoolId: school.id,
      classId: klass.id,
      profileId,
      chunkId,
      firstVisitedAt: now,
      lastVisitedAt: now,
      visitCount: 3,
    });
    await ctx.db
      .insert(chunkVisits)
      .values([
        visit(amy.profile.id, one.chunks[0]!.id),
        visit(amy.profile.id, one.chunks[1]!.id),
        visit(bob.profile.id, one.chunks[0]!.id),
        visit(bob.profile.id, two.chunks[0]!.id),
        visit(removed.profile.id, two.chunks[1]!.id),
      ]);
    const rating = (profileId: number, lessonId: number, value: number) => ({
      schoolId: school.id,
      profileId,
      lessonId,
      rating: value,
      updatedAt: now,
    });
    await ctx.db
      .insert(lessonSelfRatings)
      .values([
        rating(amy.profile.id, one.lesson.id, 2),
        rating(bob.profile.id, one.lesson.id, 5),
        rating(removed.profile.id, two.lesson.id, 1),
      ]);
    const notes = (profileId: number, lessonId: number, html: string) => ({
      schoolId: school.id,
      classId: klass.id,
      profileId,
      lessonId,
      html,
      updatedAt: now,
    });
    await ctx.db
      .insert(lessonNotes)
      .values([
        notes(amy.profile.id, one.lesson.id, '<p>a</p>'),
        notes(bob.profile.id, one.lesson.id, ''),
        notes(bob.profile.id, two.lesson.id, '<p>b</p>'),
      ]);

    const response = await (await ctx.client(teacher.user.id)).get(`/api/v1/classes/${klass.id}/progress/`);
    expect(response.statusCode).toBe(200);
    const progress = classCourseProgressResponse.parse(response.json());
    expect(progress).toMatchObject({
      class_id: klass.id,
      student_count: 2,
      chunk_count_total: 5,
      chunk_visit_count_avg: 2, // 4 distinct (student, chunk) visits / 2 students
      chunk_count_avg: 2,
      exams: { [exam.id]: { exam_id: exam.id, is_locked: false } },
    });
    expect(Object.keys(progress.exams)).toEqual([String(exam.id)]);
    expect(progress.lessons[one.lesson.id]).toEqual({
      lesson_id: one.lesson.id,
      students_started: 2,
      chunk_visit_count_avg: 1.5,
      self_rating_avg: 3.5,
      self_rating_count: 2,
      notes_count: 1,
    });
    expect(progress.lessons[two.lesson.id]).toEqual({
      lesson_id: two.lesson.id,
      students_started: 1,
      chunk_visit_count_avg: 0.5,
      self_rating_avg: null,
      self_rating_count: 0,
      notes_count: 1,
    });
    expect(progress.lessons[soon.lesson.id]).toMatchObject({ students_started: 0, chunk_visit_count_avg: 0 });
  });

  it('answers zeros for a class without students, and refuses students', async () => {
    const school = await createSchool(ctx.db);
    const course = await createCourse(ctx.db);
    const klass = await createClass(ctx.db, school, { courseId: course.id });
    const { lesson } = await createLesson(ctx.db, course);
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    const empty = classCourseProgressResponse.parse(
      (await (await ctx.client(staff.id)).get(`/api/v1/classes/${klass.id}/progress/`)).json(),
    );
    expect(empty).toMatchObject({ student_count: 0, chunk_count_total: 2, chunk_visit_count_avg: 0 });
    expect(empty.lessons[lesson.id]).toMatchObject({ chunk_visit_count_avg: 0, self_rating_avg: null });

    const { amy } = await classWithCourse();
    const { klass: amysClass } = await classWithCourse();
    const student = await ctx.client(amy.user.id);
    expect((await student.get(`/api/v1/classes/${amysClass.id}/progress/`)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/classes/:classId/classmates/', () => {
  it('lists the roster by last name, then first name, to members of the class only', async () => {
    const { school, klass, teacher, amy, bob } = await classWithCourse();
    const cal = await createStudent(ctx.db, school, [klass], { firstName: 'Cal', lastName: 'adams' });
    await createStudent(ctx.db, school, [klass], { accessStatus: AccessStatus.REMOVED });
    const outsider = await createStudent(ctx.db, school, [await createClass(ctx.db, school)]);

    for (const userId of [amy.user.id, teacher.user.id]) {
      const response = await (await ctx.client(userId)).get(`/api/v1/classes/${klass.id}/classmates/`);
      expect(response.statusCode).toBe(200);
      expect(classmatesResponse.parse(response.json())).toEqual([
        { profile_id: bob.profile.id, display_name: 'Bob Adams' },
        { profile_id: cal.profile.id, display_name: 'Cal adams' },
        { profile_id: amy.profile.id, display_name: 'Amy Zed' },
      ]);
    }
    expect((await (await ctx.client(outsider.user.id)).get(`/api/v1/classes/${klass.id}/classmates/`)).statusCode).toBe(
      403,
    );
  });
});
