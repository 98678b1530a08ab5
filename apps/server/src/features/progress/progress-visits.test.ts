import {
  classCourseProgressResponse,
  selfAssessmentResponse,
  userCourseProgressResponse,
  watchProgressResponse,
} from '@banksia/contracts/courses';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chunkVisits, chunkWatches, lessonSelfRatings, videos } from '../../db/schema/index';
import { createClass, createCourse, createExam, createLesson, createStudent } from '../../../test/factories';
import { ctx, classWithCourse, progressUrl, visitUrl, watchUrl, watchRow } from './progress.test-helpers';

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
