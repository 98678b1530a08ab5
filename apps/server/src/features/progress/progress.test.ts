import { AccessStatus } from '@banksia/contracts/classes';
import {
  classCourseProgressResponse,
  classmatesResponse,
  selfAssessmentResponse,
  userCourseProgressResponse,
  watchProgressResponse,
} from '@banksia/contracts/courses';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chunkVisits, chunkWatches, lessonNotes, lessonSelfRatings, videos } from '../../db/schema/index';
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

const ctx = useTestApp();

/** A class on a course with two published lessons (2 chunks of 100 s, 3 chunks of 60 s), a teacher and two students. */
async function classWithCourse() {
  const school = await createSchool(ctx.db);
  const course = await createCourse(ctx.db);
  const klass = await createClass(ctx.db, school, { courseId: course.id });
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const amy = await createStudent(ctx.db, school, [klass], { firstName: 'Amy', lastName: 'Zed' });
  const bob = await createStudent(ctx.db, school, [klass], { firstName: 'Bob', lastName: 'Adams' });
  const one = await createLesson(ctx.db, course, { chunks: 2, chunkDuration: 100 });
  const two = await createLesson(ctx.db, course, { chunks: 3 });
  return { school, course, klass, teacher, amy, bob, one, two };
}

const progressUrl = (classId: number, userId: number) => `/api/v1/classes/${classId}/users/${userId}/progress/`;
const visitUrl = (classId: number, chunkId: number) => `/api/v1/classes/${classId}/chunks/${chunkId}/visit/`;
const watchUrl = (classId: number, chunkId: number) => `/api/v1/classes/${classId}/chunks/${chunkId}/watch/`;

async function watchRow(classId: number, profileId: number, chunkId: number) {
  const [row] = await ctx.db
    .select()
    .from(chunkWatches)
    .where(
      and(eq(chunkWatches.classId, classId), eq(chunkWatches.profileId, profileId), eq(chunkWatches.chunkId, chunkId)),
    );
  return row;
}

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

describe('chunk visits and watching', () => {
  it("counts a student's visits with the app clock", async () => {
    const { klass, amy, one } = await classWithCourse();
    const chunkId = one.chunks[0]!.id;
    const client = await ctx.client(amy.user.id);
    const first = ctx.clock.now();
    expect((await client.post(visitUrl(klass.id, chunkId))).statusCode).toBe(204);
    ctx.clock.advance(60_000);
    expect((await client.post(visitUrl(klass.id, chunkId))).statusCode).toBe(204);
    const [row] = await ctx.db.select().from(chunkVisits).where(eq(chunkVisits.profileId, amy.profile.id));
    expect(row).toMatchObject({ chunkId, visitCount: 2, firstVisitedAt: first, lastVisitedAt: ctx.clock.now() });
  });

  it('stores nothing for a teacher previewing, and refuses chunks outside the course', async () => {
    const { school, klass, teacher, amy, one } = await classWithCourse();
    const teacherClient = await ctx.client(teacher.user.id);
    expect((await teacherClient.post(visitUrl(klass.id, one.chunks[0]!.id))).statusCode).toBe(204);
    const watch = await teacherClient.post(watchUrl(klass.id, one.chunks[0]!.id), { seconds: 30, position: 30 });
    expect(watchProgressResponse.parse(watch.json())).toEqual({
      chunk_id: one.chunks[0]!.id,
      seconds_watched: 0,
      watched: false,
    });
    expect(await ctx.db.select().from(chunkVisits).where(eq(chunkVisits.classId, klass.id))).toEqual([]);
    expect(await ctx.db.select().from(chunkWatches).where(eq(chunkWatches.classId, klass.id))).toEqual([]);

    const elsewhere = await createLesson(ctx.db, await createCourse(ctx.db));
    const student = await ctx.client(amy.user.id);
    expect((await student.post(visitUrl(klass.id, elsewhere.chunks[0]!.id))).statusCode).toBe(404);
    expect((await student.post(watchUrl(klass.id, 99_999_999), { seconds: 1, position: 1 })).statusCode).toBe(404);
    // A draft lesson's chunk: teachers may preview it, students cannot reach it.
    const draft = await createLesson(ctx.db, { id: klass.courseId }, { isPublished: false });
    expect((await student.post(visitUrl(klass.id, draft.chunks[0]!.id))).statusCode).toBe(404);
    expect((await teacherClient.post(visitUrl(klass.id, draft.chunks[0]!.id))).statusCode).toBe(204);
    // Not a member of the class.
    const outsider = await createStudent(ctx.db, school, [await createClass(ctx.db, school)]);
    expect((await (await ctx.client(outsider.user.id)).post(visitUrl(klass.id, one.chunks[0]!.id))).statusCode).toBe(
      403,
    );
  });

  it('credits at most twice the time since the last report plus 5 s, and never more than the video', async () => {
    const { klass, amy, one } = await classWithCourse();
    const chunk = one.chunks[0]!; // a 100 s video
    const client = await ctx.client(amy.user.id);
    const watch = async (seconds: number, position: number) => {
      const response = await client.post(watchUrl(klass.id, chunk.id), { seconds, position });
      expect(response.statusCode).toBe(200);
      return watchProgressResponse.parse(response.json());
    };

    await client.post(visitUrl(klass.id, chunk.id));
    ctx.clock.advance(30_000);
    expect(await watch(30, 30)).toEqual({ chunk_id: chunk.id, seconds_watched: 30, watched: false });
    ctx.clock.advance(10_000);
    expect((await watch(60, 90)).seconds_watched).toBe(55); // 10 s elapsed at up to double speed + 5 s
    expect((await watch(20, 40)).seconds_watched).toBe(60); // at once: only the 5 s allowance
    ctx.clock.advance(14_500);
    expect(await watch(29, 89)).toEqual({ chunk_id: chunk.id, seconds_watched: 89, watched: false });
    ctx.clock.advance(1_000);
    expect(await watch(1, 90)).toEqual({ chunk_id: chunk.id, seconds_watched: 90, watched: true }); // 90%
    ctx.clock.advance(60_000);
    expect((await watch(60, 500)).seconds_watched).toBe(100); // capped at the duration
    expect(await watchRow(klass.id, amy.profile.id, chunk.id)).toMatchObject({
      maxPosition: 100,
      watched: true,
      updatedAt: ctx.clock.now(),
    });

    // Once watched, always watched: even if the video is replaced by a longer one.
    await ctx.db.update(videos).set({ duration: 1000 }).where(eq(videos.id, chunk.videoId));
    ctx.clock.advance(5_000);
    expect(await watch(5, 10)).toMatchObject({ seconds_watched: 105, watched: true });
    expect((await watchRow(klass.id, amy.profile.id, chunk.id))?.maxPosition).toBe(100);
  });

  it('credits only the allowance to a first report without a visit, and counts watched videos in progress', async () => {
    const { klass, amy, one } = await classWithCourse();
    const client = await ctx.client(amy.user.id);
    const second = one.chunks[1]!;
    ctx.clock.advance(120_000);
    const first = watchProgressResponse.parse(
      (await client.post(watchUrl(klass.id, second.id), { seconds: 300, position: 300 })).json(),
    );
    expect(first.seconds_watched).toBe(5);
    ctx.clock.advance(100_000);
    expect((await client.post(watchUrl(klass.id, second.id), { seconds: 95, position: 100 })).json()).toMatchObject({
      seconds_watched: 100,
      watched: true,
    });
    const progress = userCourseProgressResponse.parse((await client.get(progressUrl(klass.id, amy.user.id))).json());
    expect(progress).toMatchObject({ video_count: 5, videos_watched: 1 });
    expect(progress.lessons[one.lesson.id]?.watched_chunk_ids).toEqual([second.id]);
  });

  it('rejects reports out of range', async () => {
    const { klass, amy, one } = await classWithCourse();
    const client = await ctx.client(amy.user.id);
    const bad = await client.post(watchUrl(klass.id, one.chunks[0]!.id), { seconds: 301, position: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['position', 'seconds']);
  });
});

describe('ajax:self-assessment', () => {
  it('sets, changes and clears a rating, stored on the student profile of the enrolment', async () => {
    const { school, klass, amy, one } = await classWithCourse();
    const client = await ctx.client(amy.user.id);
    const rate = (rating: number | null) =>
      client.post('/api/v1/self-assessment/', { branch_id: one.lesson.id, rating });
    const stored = async () =>
      ctx.db.select().from(lessonSelfRatings).where(eq(lessonSelfRatings.profileId, amy.profile.id));
    const shown = async () =>
      userCourseProgressResponse.parse((await client.get(progressUrl(klass.id, amy.user.id))).json()).lessons[
        one.lesson.id
      ]?.self_rating;

    const set = await rate(2);
    expect(set.statusCode).toBe(200);
    expect(selfAssessmentResponse.parse(set.json())).toEqual({ branch_id: one.lesson.id, rating: 2 });
    expect(await stored()).toMatchObject([{ schoolId: school.id, lessonId: one.lesson.id, rating: 2 }]);
    expect(await shown()).toBe(2);

    ctx.clock.advance(1000);
    expect((await rate(5)).json()).toEqual({ branch_id: one.lesson.id, rating: 5 });
    expect(await stored()).toMatchObject([{ rating: 5, updatedAt: ctx.clock.now() }]);

    expect((await rate(null)).json()).toEqual({ branch_id: one.lesson.id, rating: null });
    expect(await stored()).toEqual([]);
    expect(await shown()).toBeNull();
    expect((await rate(null)).statusCode).toBe(200); // clearing twice is fine
  });

  it('is refused for a lesson outside the student’s courses, to teachers, and for unknown lessons', async () => {
    const { klass, teacher, amy, one } = await classWithCourse();
    const elsewhere = await createLesson(ctx.db, await createCourse(ctx.db));
    const draft = await createLesson(ctx.db, { id: klass.courseId }, { isPublished: false });
    const student = await ctx.client(amy.user.id);
    const rate = (client: typeof student, lessonId: number, rating: number | null = 3) =>
      client.post('/api/v1/self-assessment/', { branch_id: lessonId, rating });
    expect((await rate(student, elsewhere.lesson.id)).statusCode).toBe(403);
    expect((await rate(await ctx.client(teacher.user.id), one.lesson.id)).statusCode).toBe(403);
    expect((await rate(student, 99_999_999)).statusCode).toBe(404);
    expect((await rate(student, draft.lesson.id)).statusCode).toBe(404);
    expect((await rate(student, one.lesson.id, 6)).statusCode).toBe(400);
    expect(
      await ctx.db.select().from(lessonSelfRatings).where(eq(lessonSelfRatings.profileId, amy.profile.id)),
    ).toEqual([]);
  });

  it("shows the teacher's exam locks in both progress answers (is_locked, locked_exam_ids)", async () => {
    const { klass, teacher, amy, course } = await classWithCourse();
    const { exam } = await createExam(ctx.db, course);
    const { exam: other } = await createExam(ctx.db, course);
    const t = await ctx.client(teacher.user.id);
    const lock = await t.post(`/api/v1/classes/${klass.id}/exams/${exam.id}/lock/`, { status: 'LOCKED_BY_TEACHER' });
    expect(lock.statusCode).toBe(200);

    const classProgress = classCourseProgressResponse.parse(
      (await t.get(`/api/v1/classes/${klass.id}/progress/`)).json(),
    );
    expect(classProgress.exams[exam.id]).toEqual({ exam_id: exam.id, is_locked: true });
    expect(classProgress.exams[other.id]).toEqual({ exam_id: other.id, is_locked: false });
    const own = await (await ctx.client(amy.user.id)).get(progressUrl(klass.id, amy.user.id));
    expect(own.json().locked_exam_ids).toEqual([String(exam.id)]);

    await t.post(`/api/v1/classes/${klass.id}/exams/${exam.id}/lock/`, { status: 'OPEN' });
    const reopened = await (await ctx.client(amy.user.id)).get(progressUrl(klass.id, amy.user.id));
    expect(reopened.json().locked_exam_ids).toEqual([]);
  });
});

describe("the exams in a student's course progress", () => {
  it('are built from her submitted sittings in the class, with teacher marks counted once released', async () => {
    const { course, klass, teacher, amy } = await classWithCourse();
    const { exam, questions } = await createExamWithQuestions(ctx.db, course, {
      questions: [
        { type: 'short_text', marks: 1, accepted_answers: ['Canberra'] },
        { type: 'extended_response', marks: 4 },
      ],
    });
    const reflective = await createExamWithQuestions(ctx.db, course, {
      exam: { kind: 'reflective_question_set' },
      questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
    });
    const student = await ctx.client(amy.user.id);
    const progressOf = async () =>
      userCourseProgressResponse.parse((await student.get(progressUrl(klass.id, amy.user.id))).json()).exams;
    expect(await progressOf()).toEqual({});

    const sit = async (examId: number, answers: [number, object][]) => {
      const sitting = (await student.post(`/api/v1/classes/${klass.id}/exams/${examId}/start/`)).json() as {
        id: number;
      };
      for (const [questionId, answer] of answers) {
        const saved = await student.request({
          method: 'PUT',
          url: `/api/v1/sittings/${sitting.id}/questions/${questionId}/answer/`,
          payload: { answer, version: 0 },
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      expect((await student.post(`/api/v1/sittings/${sitting.id}/submit/`)).statusCode).toBe(200);
      ctx.clock.advance(60_000);
      return sitting.id;
    };
    const first = await sit(exam.id, [
      [questions[0]!.id, { text: 'Canberra' }],
      [questions[1]!.id, { html: '<p>An essay</p>' }],
    ]);
    await sit(reflective.exam.id, []);
    // A sitting still open does not count.
    const unfinished = await createExamWithQuestions(ctx.db, course, {
      questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
    });
    await student.post(`/api/v1/classes/${klass.id}/exams/${unfinished.exam.id}/start/`);

    const before = await progressOf();
    expect(Object.keys(before).sort()).toEqual([String(exam.id), String(reflective.exam.id)].sort());
    expect(before[exam.id]).toEqual({
      exam_id: exam.id,
      sitting_count: 1,
      best_score: '1',
      marks_total: '5',
      last_submitted_at: expect.any(String),
    });
    expect(before[reflective.exam.id]).toMatchObject({ sitting_count: 1, best_score: null });

    // The teacher gives the essay 3 of 4: it counts for the student only once the class's results are released.
    const teacherClient = await ctx.client(teacher.user.id);
    const marked = await teacherClient.request({
      method: 'PUT',
      url: `/api/v1/sittings/${first}/questions/${questions[1]!.id}/mark/`,
      payload: { marks_awarded: 3 },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await progressOf())[exam.id]!.best_score).toBe('1');
    await teacherClient.post(`/api/v1/classes/${klass.id}/exams/${exam.id}/release/`, { released: true });
    expect((await progressOf())[exam.id]!.best_score).toBe('4');
    // Her teacher reads the same.
    const seenByTeacher = userCourseProgressResponse.parse(
      (await teacherClient.get(progressUrl(klass.id, amy.user.id))).json(),
    );
    expect(seenByTeacher.exams[exam.id]!.best_score).toBe('4');
  });
});
