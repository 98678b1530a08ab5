import {
  setupTeacherTrialResponse,
  trialAccountsResponse,
  trialClassSchema,
  trialListResponse,
} from '@banksia/contracts/trials';
import { TRIAL_USERNAME_PATTERN } from '@banksia/contracts/accounts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, chunkVisits, emailOutbox, schoolClasses, users } from '../../db/schema/index';
import {
  createCourse,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../test/factories';
import { makeClient, useTestApp } from '../../../test/harness';
import { newTrialPassword, newTrialUsername } from './trials.service';

const ctx = useTestApp();
const EXPIRES = '2026-03-10';
/** The day after EXPIRES, in Sydney. */
const AFTER_EXPIRY = '2026-03-11T00:00:00.000Z';

async function staff() {
  const user = await createUser(ctx.db, { roles: ['content_admin'] });
  return { user, client: await ctx.client(user.id) };
}

async function signIn(email: string, password: string) {
  const client = makeClient(ctx.app);
  await client.get('/api/v1/csrf/');
  const response = await client.post('/api/v1/auth/login/', { email, password });
  return { client, response };
}

describe('teacher trials', () => {
  it('sets up a trial for a new teacher: account, TT class, invitation and welcome email, audited', async () => {
    const { user: admin, client } = await staff();
    const school = await createSchool(ctx.db, { name: 'Gumtree High' });
    const course = await createCourse(ctx.db, { title: 'Year 8 Science' });
    const response = await client.post('/api/v1/admin/trials/teacher/', {
      email: 'New.Teacher@Gumtree.test',
      first_name: 'Nia',
      last_name: 'Tran',
      school_id: school.id,
      course_id: course.id,
      expiration_date: EXPIRES,
    });
    expect(response.statusCode).toBe(201);
    const { trial, new_account } = setupTeacherTrialResponse.parse(response.json());
    expect(new_account).toBe(true);
    expect(trial).toMatchObject({
      class_type: 'TT',
      title: 'Year 8 Science (trial)',
      expiration_date: EXPIRES,
      expired: false,
      teachers: [{ name: 'Nia Tran', email: 'new.teacher@gumtree.test' }],
    });
    expect(trial.activation_link).toMatch(/\/account\/\?class_code=/);
    const mail = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'new.teacher@gumtree.test'));
    expect(mail.map((m) => m.template).sort()).toEqual(['password-invite', 'teacher-trial-welcome']);
    const welcome = mail.find((m) => m.template === 'teacher-trial-welcome')!;
    expect(welcome.text).toContain('open until 10/03/2026');
    expect(welcome.text).toContain(trial.activation_link!);
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setup_teacher_trial'), eq(auditLog.entityId, String(trial.id))));
    expect(audited).toMatchObject({ actorUserId: admin.id, schoolId: school.id });
    const list = trialListResponse.parse((await client.get('/api/v1/admin/trials/?class_type=TT')).json());
    expect(list.results.map((t) => t.id)).toContain(trial.id);
  });

  it('adds a trial for an existing teacher without a new invitation, and asks a new one’s name', async () => {
    const { client } = await staff();
    const school = await createSchool(ctx.db);
    const course = await createCourse(ctx.db);
    const { user } = await createTeacher(ctx.db, school, [], { email: 'known@x.test', password: 'pw pw pw pw' });
    const body = { school_id: school.id, course_id: course.id, expiration_date: EXPIRES };
    const response = await client.post('/api/v1/admin/trials/teacher/', { ...body, email: 'known@x.test' });
    expect(response.statusCode).toBe(201);
    expect(response.json().new_account).toBe(false);
    const mail = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'known@x.test'));
    expect(mail.map((m) => m.template)).toEqual(['teacher-trial-welcome']);
    expect(response.json().trial.teachers[0].user_id).toBe(user.id);

    const nameless = await client.post('/api/v1/admin/trials/teacher/', { ...body, email: 'unknown@x.test' });
    expect(nameless.statusCode).toBe(400);
    expect(Object.keys(nameless.json().errors).sort()).toEqual(['first_name', 'last_name']);
    const past = await client.post('/api/v1/admin/trials/teacher/', {
      ...body,
      email: 'known@x.test',
      expiration_date: '2026-03-01',
    });
    expect(past.json().errors).toEqual({ expiration_date: ['Choose a date from today on.'] });
  });
});

describe('student trials', () => {
  async function studentTrial() {
    const { client } = await staff();
    const school = await createSchool(ctx.db);
    const course = await createCourse(ctx.db);
    const { chunks } = await createLesson(ctx.db, course);
    const created = await client.post('/api/v1/admin/trials/student-classes/', {
      school_id: school.id,
      course_id: course.id,
      title: 'Open day trial',
      expiration_date: EXPIRES,
    });
    expect(created.statusCode).toBe(201);
    const trial = trialClassSchema.parse(created.json());
    return { client, school, course, chunk: chunks[0]!, trial };
  }

  it('makes a batch of anonymous accounts that sign in with their generated username until the trial ends', async () => {
    ctx.clock.set('2026-03-02T09:00:00.000Z');
    const { client, trial } = await studentTrial();
    const response = await client.post('/api/v1/admin/trials/accounts/', { class_id: trial.id, count: 3 });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const batch = trialAccountsResponse.parse(response.json());
    expect(batch.accounts).toHaveLength(3);
    expect(new Set(batch.accounts.map((a) => a.username)).size).toBe(3);
    for (const a of batch.accounts) expect(a.username).toMatch(TRIAL_USERNAME_PATTERN);
    // Only an argon2id hash is stored.
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, batch.accounts[0]!.user_id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored!.passwordHash).not.toContain(batch.accounts[0]!.password);

    const first = batch.accounts[0]!;
    const { response: ok } = await signIn(first.username, first.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().classes.map((c: { id: number }) => c.id)).toEqual([trial.id]);
    const listed = trialListResponse.parse((await client.get('/api/v1/admin/trials/?class_type=ST')).json());
    expect(listed.results.find((t) => t.id === trial.id)).toMatchObject({ student_count: 3, trial_account_count: 3 });

    ctx.clock.set(AFTER_EXPIRY);
    const { response: refused } = await signIn(first.username, first.password);
    const { client: staffNow } = await staff();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('trial ended on 10/03/2026');
    // A wrong password still gets the usual answer (nobody learns the account exists).
    expect((await signIn(first.username, 'nope')).response.statusCode).toBe(400);
    const more = await staffNow.post('/api/v1/admin/trials/accounts/', { class_id: trial.id, count: 1 });
    expect(more.statusCode).toBe(403);
  });

  it('refuses accounts for a class that is not a student trial, and a batch too large', async () => {
    const { client } = await staff();
    const school = await createSchool(ctx.db);
    const { trial } = await (async () => {
      ctx.clock.set('2026-03-02T09:00:00.000Z');
      return studentTrial();
    })();
    const tt = await client.post('/api/v1/admin/trials/teacher/', {
      email: 'tt@x.test',
      first_name: 'T',
      last_name: 'T',
      school_id: school.id,
      course_id: trial.course_id,
      expiration_date: EXPIRES,
    });
    const wrong = await client.post('/api/v1/admin/trials/accounts/', { class_id: tt.json().trial.id, count: 2 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('class_id');
    const big = await client.post('/api/v1/admin/trials/accounts/', { class_id: trial.id, count: 61 });
    expect(big.json().errors).toHaveProperty('count');
  });

  it('an expired trial is read-only for students and teachers; converting it keeps the work and opens it', async () => {
    ctx.clock.set('2026-03-02T09:00:00.000Z');
    const { client, trial, chunk, school } = await studentTrial();
    const batch = trialAccountsResponse.parse(
      (await client.post('/api/v1/admin/trials/accounts/', { class_id: trial.id, count: 1 })).json(),
    );
    const account = batch.accounts[0]!;
    const { client: anonymous } = await signIn(account.username, account.password);
    const visit = `/api/v1/classes/${trial.id}/chunks/${chunk.id}/visit/`;
    expect((await anonymous.post(visit)).statusCode).toBe(204);
    // A student with an account of their own enrolled in the trial, and its teacher.
    const { user: studentUser } = await createStudent(ctx.db, school, [trial], { accessStatus: 50 });
    const { user: teacherUser } = await createTeacher(ctx.db, school, [trial]);

    ctx.clock.set(AFTER_EXPIRY);
    const student = await ctx.client(studentUser.id);
    const teacher = await ctx.client(teacherUser.id);
    const progress = `/api/v1/classes/${trial.id}/users/${studentUser.id}/progress/`;
    expect((await student.get(progress)).statusCode).toBe(200);
    expect((await teacher.get(`/api/v1/classes/${trial.id}/`)).statusCode).toBe(200);
    const refused = await student.post(visit);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'class_read_only' });
    expect(refused.json().detail).toContain('ended on 10/03/2026');
    expect((await teacher.post(visit)).json().code).toBe('class_read_only');
    const { client: staffNow } = await staff();
    const listed = trialListResponse.parse((await staffNow.get('/api/v1/admin/trials/?class_type=ST')).json());
    expect(listed.results.find((t) => t.id === trial.id)!.expired).toBe(true);

    const converted = await staffNow.post(`/api/v1/admin/trials/${trial.id}/convert/`);
    expect(converted.json()).toMatchObject({ id: trial.id, class_type: 'N', expiration_date: null, expired: false });
    const visits = await ctx.db.select().from(chunkVisits).where(eq(chunkVisits.classId, trial.id));
    expect(visits).toHaveLength(1);
    expect((await student.post(visit)).statusCode).toBe(204);
    // The trial account keeps working in the converted class.
    expect((await signIn(account.username, account.password)).response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.id, trial.id));
    expect(row!.classType).toBe('N');
    const actions = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'school_class'), eq(auditLog.entityId, String(trial.id))));
    expect(actions.map((a) => a.action)).toEqual(['create_student_trial', 'create_trial_accounts', 'convert_trial']);
  });

  it('extends an expired trial, which opens it again', async () => {
    ctx.clock.set('2026-03-02T09:00:00.000Z');
    const { trial } = await studentTrial();
    ctx.clock.set(AFTER_EXPIRY);
    const { client } = await staff();
    const extended = await client.post(`/api/v1/admin/trials/${trial.id}/extend/`, { expiration_date: '2026-04-01' });
    expect(extended.json()).toMatchObject({ expiration_date: '2026-04-01', expired: false, class_type: 'ST' });
  });

  it('generates usernames and passwords from the card alphabet', () => {
    for (let i = 0; i < 50; i += 1) {
      expect(newTrialUsername()).toMatch(TRIAL_USERNAME_PATTERN);
      expect(newTrialPassword()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(newTrialPassword()).not.toMatch(/[01ilo]/);
    }
  });
});

describe('trials in the class editor', () => {
  it('lets a trial teacher edit their class but not its type or end date', async () => {
    ctx.clock.set('2026-03-02T09:00:00.000Z');
    const { client } = await staff();
    const school = await createSchool(ctx.db);
    const course = await createCourse(ctx.db);
    const setUp = await client.post('/api/v1/admin/trials/teacher/', {
      email: `editor.${Date.now()}@x.test`,
      first_name: 'Eda',
      last_name: 'Tor',
      school_id: school.id,
      course_id: course.id,
      expiration_date: EXPIRES,
    });
    const trial = setupTeacherTrialResponse.parse(setUp.json()).trial;
    const teacher = await ctx.client(trial.teachers[0]!.user_id);
    const [profile] = (
      await ctx.db.execute<{ id: number }>(
        sql`select id from profiles where user_id = ${trial.teachers[0]!.user_id} and kind = 'teacher'`,
      )
    ).rows;
    const edit = (over: Record<string, unknown>) => ({
      title: trial.title,
      course_id: course.id,
      class_type: 'TT',
      features: 'STANDARD',
      calendar_year: 2026,
      expiration_date: EXPIRES,
      teacher_profile_ids: [profile!.id],
      ...over,
    });
    const url = `/api/v1/class-management/classes/${trial.id}/`;
    const renamed = await teacher.patch(url, edit({ title: 'My trial' }));
    expect(renamed.statusCode).toBe(200);
    const converted = await teacher.patch(url, edit({ class_type: 'N', expiration_date: null }));
    expect(converted.statusCode).toBe(400);
    expect(converted.json().errors).toHaveProperty('class_type');
    const extended = await teacher.patch(url, edit({ expiration_date: '2026-12-31' }));
    expect(extended.json().errors).toHaveProperty('expiration_date');
    const [row] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.id, trial.id));
    expect(row).toMatchObject({ classType: 'TT', expirationDate: EXPIRES, title: 'My trial' });
  });
});
