import { AccessStatus, rawClassDetailSchema } from '@banksia/contracts/classes';
import { toClassDetail } from '@banksia/contracts/rules/class-detail';
import { describe, expect, it } from 'vitest';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';

const ctx = useTestApp();

describe('api:class-detail', () => {
  it('answers the raw detail with every enrolment; the contracts transform keeps the roster', async () => {
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school, { title: '9MAT1', activationCode: 'join-9mat1', classType: 'N' });
    const { user: teacher } = await createTeacher(ctx.db, school, [klass]);
    const zed = await createStudent(ctx.db, school, [klass], { firstName: 'Zed', lastName: 'Adams' });
    const amy = await createStudent(ctx.db, school, [klass], {
      firstName: 'Amy',
      lastName: 'Brown',
      accessStatus: AccessStatus.LOCKED,
    });
    await createStudent(ctx.db, school, [klass], {
      firstName: 'Rem',
      lastName: 'Oved',
      accessStatus: AccessStatus.REMOVED,
    });

    const response = await (await ctx.client(teacher.id)).get(`/api/v1/classes/${klass.id}/`);
    expect(response.statusCode).toBe(200);
    const raw = rawClassDetailSchema.parse(response.json());
    expect(raw).toMatchObject({
      id: klass.id,
      title: '9MAT1',
      class_type: 'N',
      activation_link: '/account/?class_code=join-9mat1',
    });
    expect(raw.enrolments).toHaveLength(3);
    const detail = toClassDetail(raw);
    expect(detail.student_ids).toEqual([zed.profile.id, amy.profile.id]);
    expect(detail.students[zed.profile.id]).toMatchObject({ user_id: zed.user.id, display_name: 'Zed Adams' });
  });

  it('is refused to students, other teachers and admins of other schools; allowed to staff', async () => {
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school);
    const other = await createClass(ctx.db, school);
    const { user: student } = await createStudent(ctx.db, school, [klass]);
    const { user: otherTeacher } = await createTeacher(ctx.db, school, [other]);
    const elsewhere = await createSchool(ctx.db);
    const { user: foreignAdmin } = await createTeacher(ctx.db, elsewhere, [], { roles: ['teacher', 'school_admin'] });
    const { user: schoolAdmin } = await createTeacher(ctx.db, school, [], { roles: ['teacher', 'school_admin'] });
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    const status = async (userId: number) =>
      (await (await ctx.client(userId)).get(`/api/v1/classes/${klass.id}/`)).statusCode;
    expect(await status(student.id)).toBe(403);
    expect(await status(otherTeacher.id)).toBe(403);
    expect(await status(foreignAdmin.id)).toBe(403);
    expect(await status(schoolAdmin.id)).toBe(200);
    expect(await status(staff.id)).toBe(200);
  });

  it('answers 404 for an unknown class and 400 for a malformed id', async () => {
    const staff = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
    expect((await staff.get('/api/v1/classes/987654/')).statusCode).toBe(404);
    const bad = await staff.get('/api/v1/classes/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('classId');
  });
});

describe('an expired class', () => {
  it('closes to its students the day after its expiration date (Sydney time), and stays open to its teacher', async () => {
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school, { expirationDate: '2026-12-31' });
    const { user: teacher } = await createTeacher(ctx.db, school, [klass]);
    const { user: student } = await createStudent(ctx.db, school, [klass]);
    const assemblage = `/api/v1/classes/${klass.id}/assemblage/`;
    const classmates = `/api/v1/classes/${klass.id}/classmates/`;
    const myClasses = async () =>
      (
        (await (await ctx.client(student.id)).get('/api/v1/auth/me/')).json() as { classes: { id: number }[] }
      ).classes.map((c) => c.id);

    // The last evening of the class in Sydney (13:00 UTC is midnight there in summer).
    ctx.clock.set('2026-12-31T12:59:00Z');
    expect((await (await ctx.client(student.id)).get(assemblage)).statusCode).toBe(200);
    expect(await myClasses()).toEqual([klass.id]);

    ctx.clock.set('2026-12-31T13:01:00Z');
    const refused = await (await ctx.client(student.id)).get(assemblage);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'class_expired',
      detail: 'This class ended on 31/12/2026. Ask your teacher if you still need it.',
    });
    expect((await (await ctx.client(student.id)).get(classmates)).statusCode).toBe(403);
    expect(await myClasses()).toEqual([]);
    // Its teacher still opens it, to see the work and extend it.
    expect((await (await ctx.client(teacher.id)).get(assemblage)).statusCode).toBe(200);
    expect((await (await ctx.client(teacher.id)).get(`/api/v1/classes/${klass.id}/`)).statusCode).toBe(200);
    ctx.clock.set('2026-03-02T09:00:00.000Z');
  });
});
