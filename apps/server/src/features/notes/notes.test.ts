import { notesSchema, userCourseProgressResponse } from '@banksia/contracts/courses';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonNotes } from '../../db/schema/index';
import {
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';

const ctx = useTestApp();

/** A STANDARD class whose course offers notes (show_student_notes and STUDENT_NOTES for STANDARD). */
async function notesClass(courseOptions: Parameters<typeof createCourse>[1] = {}) {
  const school = await createSchool(ctx.db);
  const course = await createCourse(ctx.db, {
    showStudentNotes: true,
    featureSets: { STUDENT_NOTES: ['STANDARD', 'EXTENDED'] },
    ...courseOptions,
  });
  const klass = await createClass(ctx.db, school, { courseId: course.id, features: 'STANDARD' });
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const amy = await createStudent(ctx.db, school, [klass]);
  const bob = await createStudent(ctx.db, school, [klass]);
  const { lesson } = await createLesson(ctx.db, course);
  return { school, course, klass, teacher, amy, bob, lesson };
}

const notesUrl = (classId: number, lessonId: number, profileId: number) =>
  `/api/v1/classes/${classId}/lessons/${lessonId}/notes/${profileId}/`;

const put = (client: TestClient, url: string, payload: { html: string; version: number }) =>
  client.request({ method: 'PUT', url, payload });

async function storedNotes(profileId: number) {
  return ctx.db.select().from(lessonNotes).where(eq(lessonNotes.profileId, profileId));
}

describe('student notes', () => {
  it('reads as empty at version 0 until saved; each save bumps the version', async () => {
    const { klass, amy, lesson } = await notesClass();
    const client = await ctx.client(amy.user.id);
    const url = notesUrl(klass.id, lesson.id, amy.profile.id);

    const empty = await client.get(url);
    expect(empty.statusCode).toBe(200);
    expect(notesSchema.parse(empty.json())).toEqual({
      lesson_id: lesson.id,
      profile_id: amy.profile.id,
      html: '',
      version: 0,
      updated_at: null,
    });

    const first = await put(client, url, { html: '<p>First <strong>idea</strong></p>', version: 0 });
    expect(first.statusCode).toBe(200);
    expect(notesSchema.parse(first.json())).toEqual({
      lesson_id: lesson.id,
      profile_id: amy.profile.id,
      html: '<p>First <strong>idea</strong></p>',
      version: 1,
      updated_at: ctx.clock.now().toISOString(),
    });
    ctx.clock.advance(60_000);
    const second = notesSchema.parse((await put(client, url, { html: '<p>Second</p>', version: 1 })).json());
    expect(second).toMatchObject({ html: '<p>Second</p>', version: 2, updated_at: ctx.clock.now().toISOString() });
    expect(notesSchema.parse((await client.get(url)).json())).toEqual(second);
  });

  it('answers 409 for a stale version and overwrites nothing', async () => {
    const { klass, amy, lesson } = await notesClass();
    const url = notesUrl(klass.id, lesson.id, amy.profile.id);
    const laptop = await ctx.client(amy.user.id);
    const tablet = await ctx.client(amy.user.id);
    expect((await put(laptop, url, { html: '<p>from the laptop</p>', version: 0 })).statusCode).toBe(200);

    // The tablet still has the empty notes it opened (version 0), then a made-up future version.
    for (const version of [0, 5]) {
      const stale = await put(tablet, url, { html: '<p>from the tablet</p>', version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'conflict',
        detail: 'These notes were changed somewhere else. Reload to see the latest version.',
      });
    }
    expect(await storedNotes(amy.profile.id)).toMatchObject([{ html: '<p>from the laptop</p>', version: 1 }]);

    // A version when there are no notes at all is stale too.
    const { lesson: other } = await createLesson(ctx.db, { id: klass.courseId });
    expect(
      (await put(tablet, notesUrl(klass.id, other.id, amy.profile.id), { html: 'x', version: 1 })).statusCode,
    ).toBe(409);
    expect(await storedNotes(amy.profile.id)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous saves of the same version win', async () => {
    const { klass, amy, lesson } = await notesClass();
    const url = notesUrl(klass.id, lesson.id, amy.profile.id);
    const client = await ctx.client(amy.user.id);
    await put(client, url, { html: '<p>v1</p>', version: 0 });
    const results = await Promise.all(
      ['<p>a</p>', '<p>b</p>', '<p>c</p>'].map((html) => put(client, url, { html, version: 1 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect(await storedNotes(amy.profile.id)).toMatchObject([{ html: winner.html, version: 2 }]);
  });

  it('sanitises the HTML on the server', async () => {
    const { klass, amy, lesson } = await notesClass();
    const client = await ctx.client(amy.user.id);
    const saved = await put(client, notesUrl(klass.id, lesson.id, amy.profile.id), {
      html:
        '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror="alert(1)">' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://example.test">good</a><style>*{}</style>',
      version: 0,
    });
    expect(saved.statusCode).toBe(200);
    const html =
      '<p>Hi</p><a>bad</a> <a href="https://example.test" rel="noopener noreferrer" target="_blank">good</a>';
    expect(saved.json().html).toBe(html);
    expect(await storedNotes(amy.profile.id)).toMatchObject([{ html }]);
  });

  it('stores notes without text as empty, which do not count as notes taken', async () => {
    const { klass, amy, lesson } = await notesClass();
    const client = await ctx.client(amy.user.id);
    const url = notesUrl(klass.id, lesson.id, amy.profile.id);
    const progress = async () =>
      userCourseProgressResponse.parse(
        (await client.get(`/api/v1/classes/${klass.id}/users/${amy.user.id}/progress/`)).json(),
      );

    await put(client, url, { html: '<p>something</p>', version: 0 });
    expect((await progress()).lessons_with_notes_taken).toEqual([lesson.id]);
    const cleared = await put(client, url, { html: '<p><br></p><script>x</script>', version: 1 });
    expect(cleared.json()).toMatchObject({ html: '', version: 2 });
    expect((await progress()).lessons_with_notes_taken).toEqual([]);
  });

  it("lets the class's teachers read a student's notes but not write them; other students get 403", async () => {
    const { school, klass, teacher, amy, bob, lesson } = await notesClass();
    const url = notesUrl(klass.id, lesson.id, amy.profile.id);
    await put(await ctx.client(amy.user.id), url, { html: '<p>mine</p>', version: 0 });

    const teacherClient = await ctx.client(teacher.user.id);
    expect((await teacherClient.get(url)).json()).toMatchObject({ html: '<p>mine</p>', version: 1 });
    expect((await put(teacherClient, url, { html: '<p>edited</p>', version: 1 })).statusCode).toBe(403);

    const bobClient = await ctx.client(bob.user.id);
    expect((await bobClient.get(url)).statusCode).toBe(403);
    expect((await put(bobClient, url, { html: '<p>hacked</p>', version: 1 })).statusCode).toBe(403);
    const otherTeacher = await createTeacher(ctx.db, school, [await createClass(ctx.db, school)]);
    expect((await (await ctx.client(otherTeacher.user.id)).get(url)).statusCode).toBe(403);
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    expect((await (await ctx.client(staff.id)).get(url)).statusCode).toBe(200);
    expect(await storedNotes(amy.profile.id)).toMatchObject([{ html: '<p>mine</p>', version: 1 }]);
  });

  it('keeps notes per class: the teacher of another class on the same course never reads them', async () => {
    const { school, course, klass, amy, lesson } = await notesClass();
    await put(await ctx.client(amy.user.id), notesUrl(klass.id, lesson.id, amy.profile.id), {
      html: '<p>written in my class</p>',
      version: 0,
    });
    // Amy is also on the roster of a second class on the same course, taught by someone else.
    const second = await createClass(ctx.db, school, { courseId: course.id, features: 'STANDARD' });
    const secondTeacher = await createTeacher(ctx.db, school, [second]);
    await ctx.db.execute(
      sql`insert into enrolments (school_id, class_id, profile_id, access_status)
          values (${school.id}, ${second.id}, ${amy.profile.id}, 40)`,
    );
    const inSecond = notesUrl(second.id, lesson.id, amy.profile.id);
    const read = await (await ctx.client(secondTeacher.user.id)).get(inSecond);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ html: '', version: 0 });
    // Her notes in the second class are her own, separate from the first class's.
    expect((await (await ctx.client(amy.user.id)).get(inSecond)).json()).toMatchObject({ html: '', version: 0 });
  });

  it('answers 404 for a lesson of another course or a profile not on the roster', async () => {
    const { school, klass, teacher, amy } = await notesClass();
    const { lesson: foreign } = await createLesson(ctx.db, await createCourse(ctx.db));
    const stranger = await createStudent(ctx.db, school, [await createClass(ctx.db, school)]);
    const student = await ctx.client(amy.user.id);
    expect((await student.get(notesUrl(klass.id, foreign.id, amy.profile.id))).statusCode).toBe(404);
    expect(
      (await put(student, notesUrl(klass.id, foreign.id, amy.profile.id), { html: 'x', version: 0 })).statusCode,
    ).toBe(404);
    const { lesson } = await createLesson(ctx.db, { id: klass.courseId });
    expect(
      (await (await ctx.client(teacher.user.id)).get(notesUrl(klass.id, lesson.id, stranger.profile.id))).statusCode,
    ).toBe(404);
    expect((await student.get(notesUrl(987654, lesson.id, amy.profile.id))).statusCode).toBe(404);
  });

  it('refuses saving when the course does not offer notes to the class', async () => {
    const courses: Parameters<typeof notesClass>[0][] = [
      { showStudentNotes: false },
      { featureSets: { STUDENT_NOTES: ['EXTENDED'] } }, // the class is STANDARD
      { featureSets: {} },
    ];
    for (const course of courses) {
      const { klass, amy, lesson } = await notesClass(course);
      const client = await ctx.client(amy.user.id);
      const url = notesUrl(klass.id, lesson.id, amy.profile.id);
      const refused = await put(client, url, { html: '<p>x</p>', version: 0 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('Notes are not available for this course.');
      expect((await client.get(url)).statusCode).toBe(200);
      expect(await storedNotes(amy.profile.id)).toEqual([]);
    }
  });

  it('rejects notes over the size limit', async () => {
    const { klass, amy, lesson } = await notesClass();
    const response = await put(await ctx.client(amy.user.id), notesUrl(klass.id, lesson.id, amy.profile.id), {
      html: 'x'.repeat(200_001),
      version: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('html');
  });
});
