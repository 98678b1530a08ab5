import { AccessStatus } from '@banksia/contracts/classes';
import { schoolClassesResponse } from '@banksia/contracts/courses';
import { describe, expect, it } from 'vitest';
import {
  createClass,
  createCourse,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../test/factories';
import { useTestApp } from '../../../test/harness';

const ctx = useTestApp();

describe('GET /api/v1/schools/', () => {
  it('lists every school for staff and only their own schools for others', async () => {
    const a = await createSchool(ctx.db, { name: 'Acacia College' });
    const b = await createSchool(ctx.db, { name: 'Boronia Secondary' });
    const { user: teacher } = await createTeacher(ctx.db, a);
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    const all = (await (await ctx.client(staff.id)).get('/api/v1/schools/')).json();
    expect(all).toEqual(
      expect.arrayContaining([
        { id: a.id, name: 'Acacia College' },
        { id: b.id, name: 'Boronia Secondary' },
      ]),
    );
    const own = (await (await ctx.client(teacher.id)).get('/api/v1/schools/')).json();
    expect(own).toEqual([{ id: a.id, name: 'Acacia College' }]);
  });
});

describe('GET /api/v1/schools/:schoolId/classes/', () => {
  it("lists a year's classes with roster sizes and teachers; the latest year by default", async () => {
    const school = await createSchool(ctx.db, { name: 'Acacia College' });
    const course = await createCourse(ctx.db, { title: 'Maths 9' });
    const old = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT 2025', calendarYear: 2025 });
    const b = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT2', calendarYear: 2026 });
    const a = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT1', calendarYear: 2026 });
    const { user: teacher } = await createTeacher(ctx.db, school, [a, b], { firstName: 'Tess', lastName: 'Young' });
    await createTeacher(ctx.db, school, [a], { firstName: 'Al', lastName: 'Barker' });
    await createStudent(ctx.db, school, [a, old]);
    await createStudent(ctx.db, school, [a]);
    await createStudent(ctx.db, school, [a], { accessStatus: AccessStatus.REMOVED });
    await createClass(ctx.db, await createSchool(ctx.db), { calendarYear: 2027 });

    const client = await ctx.client(teacher.id);
    const response = await client.get(`/api/v1/schools/${school.id}/classes/`);
    expect(response.statusCode).toBe(200);
    const body = schoolClassesResponse.parse(response.json());
    expect(body.school).toEqual({ id: school.id, name: 'Acacia College', slug: school.slug });
    expect(body.years).toEqual([2026, 2025]);
    expect(body.classes).toEqual([
      {
        id: a.id,
        title: '9MAT1',
        course_id: course.id,
        course_title: 'Maths 9',
        class_type: 'N',
        calendar_year: 2026,
        student_count: 2,
        teacher_names: ['Al Barker', 'Tess Young'],
      },
      expect.objectContaining({ id: b.id, student_count: 0, teacher_names: ['Tess Young'] }),
    ]);

    const earlier = schoolClassesResponse.parse(
      (await client.get(`/api/v1/schools/${school.id}/classes/?year=2025`)).json(),
    );
    expect(earlier.classes.map((c) => [c.id, c.student_count])).toEqual([[old.id, 1]]);
    expect(earlier.years).toEqual([2026, 2025]);
    expect((await client.get(`/api/v1/schools/${school.id}/classes/?year=1999`)).statusCode).toBe(400);
  });

  it('answers no years and no classes for a school without any', async () => {
    const school = await createSchool(ctx.db);
    const staff = await createUser(ctx.db, { roles: ['payments_admin'] });
    const body = schoolClassesResponse.parse(
      (await (await ctx.client(staff.id)).get(`/api/v1/schools/${school.id}/classes/`)).json(),
    );
    expect(body).toMatchObject({ years: [], classes: [] });
  });

  it('is for teachers of the school and staff only', async () => {
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school);
    const { user: student } = await createStudent(ctx.db, school, [klass]);
    const { user: foreignTeacher } = await createTeacher(ctx.db, await createSchool(ctx.db));
    const { user: teacherWithoutClasses } = await createTeacher(ctx.db, school);
    const staff = await createUser(ctx.db, { roles: ['roster_admin'] });
    const status = async (userId: number, id = school.id) =>
      (await (await ctx.client(userId)).get(`/api/v1/schools/${id}/classes/`)).statusCode;
    expect(await status(student.id)).toBe(403);
    expect(await status(foreignTeacher.id)).toBe(403);
    expect(await status(teacherWithoutClasses.id)).toBe(200);
    expect(await status(staff.id)).toBe(200);
    expect(await status(staff.id, 987654)).toBe(404);
    expect((await (await ctx.client()).get(`/api/v1/schools/${school.id}/classes/`)).statusCode).toBe(401);
  });
});
