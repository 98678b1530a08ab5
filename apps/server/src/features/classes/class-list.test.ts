import {
  AccessStatus,
  CLASS_LIST_MAX_ROWS,
  classListPreviewSchema,
  classListResultSchema,
  uploaderClassesResponse,
} from '@banksia/contracts/classes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, enrolments, profiles, userRoles, users } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { EXISTING_STUDENT_NEEDS_ADMIN, NOT_ADDABLE_HERE } from './class-list.service';

const ctx = useTestApp();
let n = 0;

async function fixture() {
  const u = ++n;
  const school = await createSchool(ctx.db, { name: `Acacia ${u}` });
  const klass = await createClass(ctx.db, school, { title: '9MAT1' });
  const other = await createClass(ctx.db, school, { title: '9MAT2' });
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const colleague = await createTeacher(ctx.db, school, [other], { email: `colleague${u}@example.test` });
  const admin = await createTeacher(ctx.db, school, [], { roles: ['teacher', 'school_admin'] });
  const elsewhere = await createSchool(ctx.db);
  const foreignTeacher = await createTeacher(ctx.db, elsewhere, [await createClass(ctx.db, elsewhere)]);
  const inClass = await createStudent(ctx.db, school, [klass], { email: `in${u}@example.test` });
  const locked = await createStudent(ctx.db, school, [klass], {
    email: `locked${u}@example.test`,
    accessStatus: AccessStatus.LOCKED,
  });
  const removed = await createStudent(ctx.db, school, [klass], {
    email: `removed${u}@example.test`,
    accessStatus: AccessStatus.REMOVED,
  });
  const sameSchool = await createStudent(ctx.db, school, [other], { email: `same${u}@example.test` });
  const foreignStudent = await createStudent(ctx.db, elsewhere, [], { email: `foreign${u}@example.test` });
  const loner = await createUser(ctx.db, { email: `loner${u}@example.test` });
  return {
    u,
    school,
    klass,
    other,
    teacher,
    colleague,
    admin,
    elsewhere,
    foreignTeacher,
    inClass,
    locked,
    removed,
    sameSchool,
    foreignStudent,
    loner,
  };
}

/** A class list with the columns in the order email, first name, last name. */
const csv = (...lines: string[]) => ['email,first_name,last_name', ...lines].join('\n');

describe('GET /api/v1/class-list-uploader/classes/', () => {
  it('offers teachers their classes and school admins every class of their school', async () => {
    const f = await fixture();
    const list = async (userId: number) =>
      uploaderClassesResponse
        .parse((await (await ctx.client(userId)).get('/api/v1/class-list-uploader/classes/')).json())
        .map((c) => c.id);
    expect(await list(f.teacher.user.id)).toEqual([f.klass.id]);
    expect((await list(f.admin.user.id)).sort()).toEqual([f.klass.id, f.other.id].sort());
    expect(await list(f.inClass.user.id)).toEqual([]);
  });
});

describe('POST /api/v1/classes/:classId/class-list/preview/', () => {
  it('says what each row would do, and what is wrong with each bad row', async () => {
    const f = await fixture();
    const file = [
      '\uFEFFEmail,First Name,last_name,notes',
      `new${f.u}@example.test,Nina,New,`,
      `IN${f.u}@example.test ,Ivy,Inclass,`,
      `locked${f.u}@example.test,Lou,Locked,`,
      `removed${f.u}@example.test,Rae,Removed,`,
      `same${f.u}@example.test,Sam,Same,`,
      `loner${f.u}@example.test,Lon,Er,`,
      '',
      `,Mia,Missing,`,
      `not-an-email,Bad,Email,`,
      `new${f.u}@example.test,Nina,Again,`,
      `colleague${f.u}@example.test,Col,League,`,
      `foreign${f.u}@example.test,For,Eign,`,
      `x${f.u}@example.test,,"Quoted, Name",`,
    ].join('\r\n');
    const response = await (
      await ctx.client(f.admin.user.id)
    ).post(`/api/v1/classes/${f.klass.id}/class-list/preview/`, { csv: file });
    expect(response.statusCode).toBe(200);
    const preview = classListPreviewSchema.parse(response.json());
    expect(preview.counts).toEqual({ rows: 12, errors: 6, new_account: 1, existing_account: 3, already_in_class: 2 });
    expect(preview.can_apply).toBe(false);
    const byLine = Object.fromEntries(preview.rows.map((r) => [r.line, [r.action, r.errors]]));
    expect(byLine).toEqual({
      2: ['new_account', []],
      3: ['already_in_class', []],
      4: ['already_in_class', []],
      5: ['existing_account', []],
      6: ['existing_account', []],
      7: ['existing_account', []],
      9: [null, ['Email is missing.']],
      10: [null, ['Email is not a valid email address.']],
      11: [null, ['This email is also on line 2.']],
      12: [null, [NOT_ADDABLE_HERE]],
      13: [null, [NOT_ADDABLE_HERE]],
      14: [null, ['First name is missing.']],
    });
    expect(preview.rows.find((r) => r.line === 14)!.last_name).toBe('Quoted, Name');
    expect(preview.rows.find((r) => r.line === 3)!.email).toBe(`in${f.u}@example.test`);
  });

  it("gives one answer for every address that is not a student of the teacher's own school", async () => {
    const f = await fixture();
    const elsewhereAdmin = await createTeacher(ctx.db, f.elsewhere, [], {
      email: `eadmin${f.u}@example.test`,
      roles: ['teacher', 'school_admin'],
    });
    await createStudent(ctx.db, f.elsewhere, [], { email: `gone${f.u}@example.test`, isActive: false });
    await createUser(ctx.db, { email: `staff${f.u}@example.test`, roles: ['content_admin'] });
    // A student of this school who also teaches at the other one: the teacher learns nothing of that school.
    const both = await createStudent(ctx.db, f.school, [], { email: `both${f.u}@example.test` });
    await ctx.db.insert(profiles).values({ userId: both.user.id, schoolId: f.elsewhere.id, kind: 'teacher' });
    const outsiders = [
      `foreign${f.u}@example.test`,
      elsewhereAdmin.user.email,
      f.foreignTeacher.user.email,
      `colleague${f.u}@example.test`,
      `gone${f.u}@example.test`,
      `staff${f.u}@example.test`,
      `both${f.u}@example.test`,
    ];
    const file = csv(
      `new${f.u}@example.test,Nina,New`,
      `removed${f.u}@example.test,Rae,Removed`,
      `same${f.u}@example.test,Sam,Same`,
      ...outsiders.map((email) => `${email},Out,Sider`),
    );
    for (const [who, expected] of [
      [f.teacher.user.id, { 2: 'new_account', 3: 'existing_account', 4: EXISTING_STUDENT_NEEDS_ADMIN }],
      [f.admin.user.id, { 2: 'new_account', 3: 'existing_account', 4: 'existing_account' }],
    ] as const) {
      const preview = classListPreviewSchema.parse(
        (await (await ctx.client(who)).post(`/api/v1/classes/${f.klass.id}/class-list/preview/`, { csv: file })).json(),
      );
      const answers = preview.rows.map(({ line, email: _email, ...rest }) => [line, rest]);
      expect(Object.fromEntries(answers.slice(0, 3))).toEqual(
        Object.fromEntries(
          Object.entries(expected).map(([line, v]) => [
            line,
            v.endsWith('account')
              ? { first_name: expect.any(String), last_name: expect.any(String), action: v, errors: [] }
              : { first_name: expect.any(String), last_name: expect.any(String), action: null, errors: [v] },
          ]),
        ),
      );
      for (const [, answer] of answers.slice(3)) {
        expect(answer).toEqual({ first_name: 'Out', last_name: 'Sider', action: null, errors: [NOT_ADDABLE_HERE] });
      }
    }
  });

  it('answers 400 on csv for a file it cannot take', async () => {
    const f = await fixture();
    const client = await ctx.client(f.teacher.user.id);
    const send = (text: string) => client.post(`/api/v1/classes/${f.klass.id}/class-list/preview/`, { csv: text });
    const problems: [string, RegExp][] = [
      ['', /empty/],
      ['Nina,New,nina@example.test', /header.*missing: first_name, last_name, email/],
      ['first_name,last_name\nNina,New', /missing: email/],
      ['first_name,last_name,email\n', /no students/],
      ['first_name,last_name,email\n"Nina,New,x@example.test', /not valid CSV/],
      [csv(...Array.from({ length: CLASS_LIST_MAX_ROWS + 1 }, (_, i) => `s${i}@example.test,A,B`)), /at most 1000/],
      [csv(`c@example.test,${'x'.repeat(1_000_001)},B`), /larger than 1 MB/],
    ];
    for (const [text, message] of problems) {
      const response = await send(text);
      expect(response.statusCode, message.source).toBe(400);
      expect(response.json().errors.csv[0]).toMatch(message);
    }
    const missing = await client.post(`/api/v1/classes/${f.klass.id}/class-list/preview/`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('csv');
  });

  it('is for the class teacher and school admins; 403 for others, 404 for no class', async () => {
    const f = await fixture();
    const status = async (userId: number | undefined, classId = f.klass.id) =>
      (
        await (
          await ctx.client(userId)
        ).post(`/api/v1/classes/${classId}/class-list/preview/`, {
          csv: csv('a@example.test,A,B'),
        })
      ).statusCode;
    expect(await status(f.teacher.user.id)).toBe(200);
    expect(await status(f.admin.user.id)).toBe(200);
    expect(await status(f.colleague.user.id)).toBe(403);
    expect(await status(f.foreignTeacher.user.id)).toBe(403);
    expect(await status(f.inClass.user.id)).toBe(403);
    expect(await status((await createUser(ctx.db, { roles: ['roster_admin'] })).id)).toBe(403);
    expect(await status(f.teacher.user.id, 987654)).toBe(404);
  });
});

describe('POST /api/v1/classes/:classId/class-list/apply/', () => {
  it('creates accounts and profiles, enrols everyone as UPLOADED, and leaves higher statuses alone', async () => {
    const f = await fixture();
    const file = csv(
      `new${f.u}@example.test,Nina,New`,
      `in${f.u}@example.test,Ivy,Inclass`,
      `locked${f.u}@example.test,Lou,Locked`,
      `removed${f.u}@example.test,Rae,Removed`,
      `same${f.u}@example.test,Sam,Same`,
      `loner${f.u}@example.test,Lon,Er`,
    );
    const response = await (
      await ctx.client(f.admin.user.id)
    ).post(`/api/v1/classes/${f.klass.id}/class-list/apply/`, { csv: file });
    expect(response.statusCode).toBe(200);
    expect(classListResultSchema.parse(response.json())).toEqual({
      class_id: f.klass.id,
      created_accounts: 1,
      joined: 3,
      already_in_class: 2,
    });
    const [created] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, `new${f.u}@example.test`));
    expect(created).toMatchObject({ firstName: 'Nina', lastName: 'New', passwordHash: null, isActive: true });
    expect(await ctx.db.select().from(userRoles).where(eq(userRoles.userId, created!.id))).toEqual([
      expect.objectContaining({ role: 'student', grantedBy: f.admin.user.id }),
    ]);
    const rows = await ctx.db
      .select({ email: users.email, status: enrolments.accessStatus, school: profiles.schoolId })
      .from(enrolments)
      .innerJoin(profiles, eq(profiles.id, enrolments.profileId))
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(enrolments.classId, f.klass.id));
    expect(Object.fromEntries(rows.map((r) => [r.email.replace(String(f.u), ''), r.status]))).toEqual({
      'new@example.test': AccessStatus.UPLOADED,
      'in@example.test': AccessStatus.UPLOADED,
      'locked@example.test': AccessStatus.LOCKED,
      'removed@example.test': AccessStatus.UPLOADED,
      'same@example.test': AccessStatus.UPLOADED,
      'loner@example.test': AccessStatus.UPLOADED,
    });
    expect(new Set(rows.map((r) => r.school))).toEqual(new Set([f.school.id]));
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upload_class_list'), eq(auditLog.entityId, String(f.klass.id))));
    expect(entry).toMatchObject({ actorUserId: f.admin.user.id, schoolId: f.school.id });

    // Applying the same list again changes nothing more.
    const again = await (
      await ctx.client(f.admin.user.id)
    ).post(`/api/v1/classes/${f.klass.id}/class-list/apply/`, {
      csv: file,
    });
    expect(again.json()).toMatchObject({ created_accounts: 0, joined: 0, already_in_class: 6 });
  });

  it("lets a class's own teacher create accounts and bring back former students, but not add anyone else", async () => {
    const f = await fixture();
    const rows = csv(
      `new${f.u}@example.test,Nina,New`,
      `removed${f.u}@example.test,Rae,Removed`,
      `same${f.u}@example.test,Sam,Same`,
      `loner${f.u}@example.test,Lon,Er`,
    );
    const teacher = await ctx.client(f.teacher.user.id);
    const preview = classListPreviewSchema.parse(
      (await teacher.post(`/api/v1/classes/${f.klass.id}/class-list/preview/`, { csv: rows })).json(),
    );
    expect(Object.fromEntries(preview.rows.map((r) => [r.line, [r.action, r.errors]]))).toEqual({
      2: ['new_account', []],
      3: ['existing_account', []],
      4: [null, [EXISTING_STUDENT_NEEDS_ADMIN]],
      5: [null, [EXISTING_STUDENT_NEEDS_ADMIN]],
    });
    const apply = await teacher.post(`/api/v1/classes/${f.klass.id}/class-list/apply/`, { csv: rows });
    expect(apply.statusCode).toBe(400);
    expect(apply.json().errors.csv).toEqual([
      `Line 4: ${EXISTING_STUDENT_NEEDS_ADMIN}`,
      `Line 5: ${EXISTING_STUDENT_NEEDS_ADMIN}`,
    ]);
    const joined = await ctx.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.classId, f.klass.id), eq(enrolments.profileId, f.sameSchool.profile.id)));
    expect(joined).toEqual([]);
    // Without the other school's student, the same teacher's list applies.
    const ok = await teacher.post(`/api/v1/classes/${f.klass.id}/class-list/apply/`, {
      csv: csv(`new${f.u}@example.test,Nina,New`, `removed${f.u}@example.test,Rae,Removed`),
    });
    expect(ok.json()).toMatchObject({ created_accounts: 1, joined: 1 });
  });

  it('writes nothing when any row has an error (checked again on the server)', async () => {
    const f = await fixture();
    const file = csv(
      `fresh${f.u}@example.test,Fay,Fresh`,
      `removed${f.u}@example.test,Rae,Removed`,
      `foreign${f.u}@example.test,For,Eign`,
    );
    const response = await (
      await ctx.client(f.teacher.user.id)
    ).post(`/api/v1/classes/${f.klass.id}/class-list/apply/`, { csv: file });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.csv).toEqual([`Line 4: ${NOT_ADDABLE_HERE}`]);
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `fresh${f.u}@example.test`)),
    ).toEqual([]);
    const [removed] = await ctx.db
      .select({ status: enrolments.accessStatus })
      .from(enrolments)
      .where(and(eq(enrolments.classId, f.klass.id), eq(enrolments.profileId, f.removed.profile.id)));
    expect(removed!.status).toBe(AccessStatus.REMOVED);
  });

  it('rolls everything back when a write fails part-way', async () => {
    const f = await fixture();
    // Another request creates one of the accounts after this upload's checks ran: the insert of the users fails
    // after the class was locked, and the transaction leaves nothing behind.
    const email = `race${f.u}@example.test`;
    await ctx.db.execute(
      // A trigger stands in for the concurrent writer: it creates the account just before our insert lands.
      sql.raw(`
        create or replace function race_${f.u}() returns trigger language plpgsql as $$
        begin
          if new.email = '${email}' and pg_trigger_depth() = 1 then
            insert into users (email, first_name, last_name) values ('${email}', 'Other', 'Writer');
          end if;
          return new;
        end $$;
        create trigger race_${f.u} before insert on users for each row execute function race_${f.u}();`),
    );
    try {
      const response = await (
        await ctx.client(f.teacher.user.id)
      ).post(`/api/v1/classes/${f.klass.id}/class-list/apply/`, {
        csv: csv(`aaa${f.u}@example.test,Ann,First`, `${email},Rex,Race`, `removed${f.u}@example.test,Rae,Removed`),
      });
      expect(response.statusCode).toBe(409);
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger race_${f.u} on users`));
    }
    const left = await ctx.db
      .select()
      .from(users)
      .where(inArray(users.email, [`aaa${f.u}@example.test`, email]));
    expect(left).toEqual([]);
    const [removed] = await ctx.db
      .select({ status: enrolments.accessStatus })
      .from(enrolments)
      .where(and(eq(enrolments.classId, f.klass.id), eq(enrolments.profileId, f.removed.profile.id)));
    expect(removed!.status).toBe(AccessStatus.REMOVED);
  });

  it('refuses people who may not manage the class', async () => {
    const f = await fixture();
    const body = { csv: csv(`z${f.u}@example.test,Zed,Z`) };
    for (const user of [f.colleague.user, f.foreignTeacher.user, f.inClass.user]) {
      const response = await (await ctx.client(user.id)).post(`/api/v1/classes/${f.klass.id}/class-list/apply/`, body);
      expect(response.statusCode).toBe(403);
    }
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `z${f.u}@example.test`)),
    ).toEqual([]);
  });
});
