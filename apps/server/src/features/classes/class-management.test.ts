import {
  AccessStatus,
  classManagementResponse,
  managedClassesResponse,
  managedClassSchema,
} from '@banksia/contracts/classes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, schoolClasses } from '../../db/schema/index';
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

let fixtures = 0;

async function fixture() {
  const code = `old-code-${++fixtures}`;
  const school = await createSchool(ctx.db, { name: 'Acacia College' });
  const course = await createCourse(ctx.db, { title: 'Maths 9' });
  const draft = await createCourse(ctx.db, { title: 'Draft', isPublished: false });
  const mine = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT1', activationCode: code });
  const theirs = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT2' });
  const old = await createClass(ctx.db, school, { courseId: course.id, title: '8MAT1', calendarYear: 2025 });
  const teacher = await createTeacher(ctx.db, school, [mine], { firstName: 'Tess', lastName: 'Young' });
  const colleague = await createTeacher(ctx.db, school, [theirs], { firstName: 'Al', lastName: 'Barker' });
  const admin = await createTeacher(ctx.db, school, [], {
    roles: ['teacher', 'school_admin'],
    firstName: 'Ada',
    lastName: 'Admin',
  });
  const elsewhere = await createSchool(ctx.db);
  const foreignTeacher = await createTeacher(ctx.db, elsewhere, [], { roles: ['teacher', 'school_admin'] });
  const student = await createStudent(ctx.db, school, [mine]);
  return {
    code,
    school,
    course,
    draft,
    mine,
    theirs,
    old,
    teacher,
    colleague,
    admin,
    elsewhere,
    foreignTeacher,
    student,
  };
}

const body = (over: Record<string, unknown> = {}) => ({
  title: '9MAT3',
  course_id: 0,
  class_type: 'N',
  features: 'STANDARD',
  calendar_year: 2026,
  expiration_date: '2026-12-31',
  teacher_profile_ids: [] as number[],
  ...over,
});

describe('class management: listing', () => {
  it('lists the schools a user manages with their teachers; nothing for students and staff', async () => {
    const f = await fixture();
    const answer = classManagementResponse.parse(
      (await (await ctx.client(f.admin.user.id)).get('/api/v1/class-management/')).json(),
    );
    expect(answer.schools).toEqual([
      {
        id: f.school.id,
        name: 'Acacia College',
        slug: f.school.slug,
        is_admin: true,
        my_profile_id: f.admin.profile.id,
        teachers: [
          { profile_id: f.admin.profile.id, name: 'Ada Admin' },
          { profile_id: f.colleague.profile.id, name: 'Al Barker' },
          { profile_id: f.teacher.profile.id, name: 'Tess Young' },
        ],
      },
    ]);
    const forTeacher = classManagementResponse.parse(
      (await (await ctx.client(f.teacher.user.id)).get('/api/v1/class-management/')).json(),
    );
    expect(forTeacher.schools.map((s) => [s.id, s.is_admin])).toEqual([[f.school.id, false]]);
    const student = (await (await ctx.client(f.student.user.id)).get('/api/v1/class-management/')).json();
    expect(student).toEqual({ schools: [] });
  });

  it('shows admins every class of the year and teachers only theirs', async () => {
    const f = await fixture();
    const url = `/api/v1/class-management/schools/${f.school.id}/classes/`;
    const admin = managedClassesResponse.parse((await (await ctx.client(f.admin.user.id)).get(url)).json());
    expect(admin.year).toBe(2026);
    expect(admin.years).toEqual([2026, 2025]);
    expect(admin.classes.map((c) => c.title)).toEqual(['9MAT1', '9MAT2']);
    expect(admin.classes[0]).toEqual({
      id: f.mine.id,
      school_id: f.school.id,
      title: '9MAT1',
      course_id: f.course.id,
      course_title: 'Maths 9',
      class_type: 'N',
      features: 'STANDARD',
      calendar_year: 2026,
      expiration_date: null,
      activation_link: `/account/?class_code=${f.code}`,
      teacher_profile_ids: [f.teacher.profile.id],
      teacher_names: ['Tess Young'],
      student_count: 1,
    });
    const teacher = managedClassesResponse.parse((await (await ctx.client(f.teacher.user.id)).get(url)).json());
    expect(teacher.classes.map((c) => c.title)).toEqual(['9MAT1']);
    expect(teacher.years).toEqual([2026]);
    const older = managedClassesResponse.parse(
      (await (await ctx.client(f.admin.user.id)).get(`${url}?year=2025`)).json(),
    );
    expect(older.classes.map((c) => c.title)).toEqual(['8MAT1']);
  });

  it('refuses a teacher of another school (403), students (403) and unknown schools (404)', async () => {
    const f = await fixture();
    const url = `/api/v1/class-management/schools/${f.school.id}/classes/`;
    expect((await (await ctx.client(f.foreignTeacher.user.id)).get(url)).statusCode).toBe(403);
    expect((await (await ctx.client(f.student.user.id)).get(url)).statusCode).toBe(403);
    expect((await (await ctx.client()).get(url)).statusCode).toBe(401);
    expect(
      (await (await ctx.client(f.admin.user.id)).get('/api/v1/class-management/schools/987654/classes/')).statusCode,
    ).toBe(404);
  });
});

describe('class management: create and edit', () => {
  it('lets a teacher create a class they teach, with an activation link, audited', async () => {
    const f = await fixture();
    const client = await ctx.client(f.teacher.user.id);
    const response = await client.post(
      `/api/v1/class-management/schools/${f.school.id}/classes/`,
      body({
        course_id: f.course.id,
        class_type: 'ST',
        features: 'EXTENDED_TEXTBOOK',
        teacher_profile_ids: [f.teacher.profile.id, f.colleague.profile.id],
        title: '  9MAT3  ',
      }),
    );
    expect(response.statusCode).toBe(201);
    const created = managedClassSchema.parse(response.json());
    expect(created).toMatchObject({
      title: '9MAT3',
      class_type: 'ST',
      features: 'EXTENDED_TEXTBOOK',
      expiration_date: '2026-12-31',
      teacher_names: ['Al Barker', 'Tess Young'],
      student_count: 0,
    });
    expect(created.activation_link).toMatch(/^\/account\/\?class_code=[A-Za-z0-9_-]{12}$/);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'create_class'), eq(auditLog.entityId, String(created.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: f.teacher.user.id, schoolId: f.school.id });
  });

  it('answers 400 naming each field at fault, and writes nothing', async () => {
    const f = await fixture();
    const client = await ctx.client(f.teacher.user.id);
    const url = `/api/v1/class-management/schools/${f.school.id}/classes/`;
    const shape = await client.post(
      url,
      body({ title: ' ', class_type: 'X', features: 'GOLD', calendar_year: 1999, expiration_date: '31/12/2026' }),
    );
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().errors).sort()).toEqual(
      [
        'calendar_year',
        'class_type',
        'course_id',
        'expiration_date',
        'features',
        'teacher_profile_ids',
        'title',
      ].sort(),
    );
    const rules = await client.post(
      url,
      body({ course_id: f.draft.id, teacher_profile_ids: [f.colleague.profile.id] }),
    );
    expect(rules.statusCode).toBe(400);
    expect(rules.json().errors).toEqual({
      course_id: ['Choose a course from the list.'],
      teacher_profile_ids: ['Keep yourself as a teacher of the class: only school admins manage other classes.'],
    });
    const foreign = await client.post(
      url,
      body({ course_id: f.course.id, teacher_profile_ids: [f.teacher.profile.id, f.foreignTeacher.profile.id] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty('teacher_profile_ids');
    const rows = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.schoolId, f.school.id));
    expect(rows).toHaveLength(3);
  });

  it('edits a class and its teachers; teachers only their own classes, admins any of the school', async () => {
    const f = await fixture();
    const edit = body({
      title: '9MAT1 (Extended)',
      course_id: f.course.id,
      features: 'EXTENDED',
      expiration_date: null,
      teacher_profile_ids: [f.teacher.profile.id, f.admin.profile.id],
    });
    const teacher = await ctx.client(f.teacher.user.id);
    const response = await teacher.patch(`/api/v1/class-management/classes/${f.mine.id}/`, edit);
    expect(response.statusCode).toBe(200);
    expect(managedClassSchema.parse(response.json())).toMatchObject({
      title: '9MAT1 (Extended)',
      features: 'EXTENDED',
      expiration_date: null,
      teacher_names: ['Ada Admin', 'Tess Young'],
      activation_link: `/account/?class_code=${f.code}`,
    });
    expect((await teacher.patch(`/api/v1/class-management/classes/${f.theirs.id}/`, edit)).statusCode).toBe(403);
    const foreign = await ctx.client(f.foreignTeacher.user.id);
    expect((await foreign.patch(`/api/v1/class-management/classes/${f.mine.id}/`, edit)).statusCode).toBe(403);
    const admin = await ctx.client(f.admin.user.id);
    const byAdmin = await admin.patch(
      `/api/v1/class-management/classes/${f.theirs.id}/`,
      body({ course_id: f.course.id, teacher_profile_ids: [f.colleague.profile.id] }),
    );
    expect(byAdmin.statusCode).toBe(200);
    expect((await admin.patch('/api/v1/class-management/classes/987654/', edit)).statusCode).toBe(404);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update_class'), eq(auditLog.entityId, String(f.mine.id))));
    expect(entry).toMatchObject({
      before: expect.objectContaining({ title: '9MAT1' }),
      after: expect.objectContaining({ title: '9MAT1 (Extended)' }),
    });
  });

  it('regenerates the activation code: a new random link, the old one gone, audited', async () => {
    const f = await fixture();
    const teacher = await ctx.client(f.teacher.user.id);
    const url = `/api/v1/class-management/classes/${f.mine.id}/activation-code/`;
    const first = managedClassSchema.parse((await teacher.post(url, {})).json());
    const second = managedClassSchema.parse((await teacher.post(url, {})).json());
    expect(first.activation_link).not.toBe(`/account/?class_code=${f.code}`);
    expect(second.activation_link).not.toBe(first.activation_link);
    const [row] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.id, f.mine.id));
    expect(`/account/?class_code=${row!.activationCode}`).toBe(second.activation_link);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'regenerate_activation_code'), eq(auditLog.entityId, String(f.mine.id))));
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain(row!.activationCode!);
    expect((await (await ctx.client(f.colleague.user.id)).post(url, {})).statusCode).toBe(403);
    expect((await (await ctx.client(f.foreignTeacher.user.id)).post(url, {})).statusCode).toBe(403);
    expect((await (await ctx.client(f.student.user.id)).post(url, {})).statusCode).toBe(403);
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    expect((await (await ctx.client(staff.id)).post(url, {})).statusCode).toBe(403);
  });

  it('keeps removed students out of the count', async () => {
    const f = await fixture();
    await createStudent(ctx.db, f.school, [f.mine], { accessStatus: AccessStatus.REMOVED });
    const list = managedClassesResponse.parse(
      (
        await (await ctx.client(f.teacher.user.id)).get(`/api/v1/class-management/schools/${f.school.id}/classes/`)
      ).json(),
    );
    expect(list.classes[0]!.student_count).toBe(1);
  });
});
