import { and, eq } from 'drizzle-orm';
import { chunkWatches } from '../../db/schema/index';
import {
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
} from '../../../test/factories';
import { useTestApp } from '../../../test/harness';

/** The setup the course progress tests share: one app and database per test file, a class with its course. */

export const ctx = useTestApp();

/** A class on a course with two published lessons (2 chunks of 100 s, 3 chunks of 60 s), a teacher and two students. */
export async function classWithCourse() {
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

export const progressUrl = (classId: number, userId: number) => `/api/v1/classes/${classId}/users/${userId}/progress/`;

export const visitUrl = (classId: number, chunkId: number) => `/api/v1/classes/${classId}/chunks/${chunkId}/visit/`;

export const watchUrl = (classId: number, chunkId: number) => `/api/v1/classes/${classId}/chunks/${chunkId}/watch/`;

export async function watchRow(classId: number, profileId: number, chunkId: number) {
  const [row] = await ctx.db
    .select()
    .from(chunkWatches)
    .where(
      and(eq(chunkWatches.classId, classId), eq(chunkWatches.profileId, profileId), eq(chunkWatches.chunkId, chunkId)),
    );
  return row;
}
