import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccessStatus } from '@banksia/contracts/classes';
import { rosterApplyResponse, rosterDatasetSchema, rosterStepResponse } from '@banksia/contracts/rosters';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  activityResponses,
  activities,
  auditLog,
  emailOutbox,
  enrolments,
  profiles,
  users,
} from '../../db/schema/index';
import {
  createClass,
  createCourse,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { fixtureBytes } from './fixtures/fixture-files';
import { rosterParsers } from './parsers/index';

const ctx = useTestApp();

/** A multipart form with several files. */
function form(fields: Record<string, string>, files: Array<{ name: string; content: Buffer | string }>) {
  const boundary = '----roster-test';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const HEADER =
  'Student code,Surname,First name,Year,FloatsLetter,FloatsNumber,Course code,Class id,Class year,Teacher code,Teacher name,Subject';

/** An Edval class list: students 1..n in 9MAT1 (taught by JSM) and, the first five, also in 9ENG1 (KLE). */
function edval(codes: number[], tag = 'Student') {
  const rows = [HEADER];
  for (const n of codes) {
    rows.push(`${n},${tag}${n},Kid,9,A,1,MAT,9MAT1,9,JSM,"Smith, John",Mathematics`);
    if (n <= 5) rows.push(`${n},${tag}${n},Kid,9,B,2,ENG,9ENG1,9,KLE,Kim Lee,English`);
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

async function setup() {
  const school = await createSchool(ctx.db);
  await createCourse(ctx.db, { subject: 'Mathematics', defaultYearLevel: '9' });
  await createCourse(ctx.db, { subject: 'English' });
  const admin = await createTeacher(ctx.db, school, [], { roles: ['teacher', 'school_admin'] });
  const teacher = await createTeacher(ctx.db, school, []);
  const other = await createSchool(ctx.db);
  const otherAdmin = await createTeacher(ctx.db, other, [], { roles: ['teacher', 'school_admin'] });
  const staff = await createUser(ctx.db, { roles: ['roster_admin'] });
  return { school, admin, teacher, other, otherAdmin, staff };
}

async function upload(
  client: TestClient,
  schoolId: number,
  files: Array<{ name: string; content: Buffer | string }>,
  source = 'edval',
) {
  return client.request({
    method: 'POST',
    url: '/api/v1/rosters/datasets/',
    ...form({ source, school_id: String(schoolId), calendar_year: '2026' }, files),
  });
}

async function apply(client: TestClient, id: number) {
  const response = await client.post(`/api/v1/rosters/datasets/${id}/apply/`);
  const body = rosterApplyResponse.parse(response.json());
  if (body.status === 'applying') await ctx.jobs.runQueued('roster-apply', ctx.deps);
  return { response, body };
}

async function statuses(schoolId: number) {
  const { rows } = await ctx.db.execute<{ code: string; title: string; access_status: number }>(sql`
    select p.external_code as code, c.title, e.access_status from enrolments e
    join profiles p on p.id = e.profile_id join school_classes c on c.id = e.class_id
    where e.school_id = ${schoolId} order by c.title, p.external_code::int`);
  return rows;
}

describe('roster datasets: upload, reconcile, apply, next term, rollback', () => {
  it('walks the whole story for a school admin', async () => {
    const f = await setup();
    const admin = await ctx.client(f.admin.user.id);

    // Term 1: 30 students.
    const first = await upload(admin, f.school.id, [{ name: 'classlist.csv', content: edval(range(1, 30)) }]);
    expect(first.statusCode, first.body).toBe(201);
    const d1 = rosterDatasetSchema.parse(first.json());
    expect(d1).toMatchObject({
      status: 'reviewing',
      counts: { rows: 35, errors: 0, classes: 2, teachers: 2, students: 30, enrolments: 37 },
    });
    const raw = await admin.get(`/api/v1/rosters/datasets/${d1.id}/school_class_reconciliation/`);
    expect(raw.statusCode, raw.body).toBe(200);
    const classes = rosterStepResponse.parse(raw.json());
    expect(classes.counts).toEqual({ create: 2 });
    const roles = rosterStepResponse.parse(
      (await admin.get(`/api/v1/rosters/datasets/${d1.id}/role_reconciliation/`)).json(),
    );
    expect(roles.counts).toEqual({ create: 37 });

    // The same file again is a no-op answering the same dataset.
    const again = await upload(admin, f.school.id, [{ name: 'classlist.csv', content: edval(range(1, 30)) }]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: d1.id, already_uploaded: true });

    const applied = await apply(admin, d1.id);
    expect(applied.response.statusCode).toBe(202);
    const got1 = (await admin.get(`/api/v1/rosters/datasets/${d1.id}/`)).json();
    expect(got1, got1.failure).toMatchObject({ status: 'applied', can_rollback: true });
    const after1 = await statuses(f.school.id);
    expect(after1).toHaveLength(35);
    expect(after1.every((r) => r.access_status === AccessStatus.UPLOADED)).toBe(true);
    // Students without an email get a reserved address that is never mailed; no invitation for them.
    const [kid] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, '1.student.' + f.school.id + '@roster.invalid'));
    expect(kid).toMatchObject({ firstName: 'Kid', lastName: 'Student1', passwordHash: null });
    const { rows: teachers } = await ctx.db.execute<{ title: string; n: number }>(sql`
      select c.title, count(*)::int as n from class_teachers t join school_classes c on c.id = t.class_id
      where t.school_id = ${f.school.id} group by c.title order by c.title`);
    expect(teachers).toEqual([
      { title: '9ENG1', n: 1 },
      { title: '9MAT1', n: 1 },
    ]);

    // Student 7 did some work; someone edited student 8's first name in the product.
    const [klass] = (
      await ctx.db.execute<{ id: number; course_id: number }>(sql`
      select id, course_id from school_classes where school_id = ${f.school.id} and title = '9MAT1'`)
    ).rows;
    const [p7] = await ctx.db
      .select()
      .from(profiles)
      .where(and(eq(profiles.schoolId, f.school.id), eq(profiles.externalCode, '7')));
    const [activity] = await ctx.db
      .insert(activities)
      .values({ title: 'A', courseId: klass!.course_id, blocks: [], updatedAt: new Date() })
      .returning();
    await ctx.db.insert(activityResponses).values({
      schoolId: f.school.id,
      activityId: activity!.id,
      classId: klass!.id,
      profileId: p7!.id,
      blockResponses: {},
      updatedAt: new Date(),
    });
    const [p8] = await ctx.db
      .select()
      .from(profiles)
      .where(and(eq(profiles.schoolId, f.school.id), eq(profiles.externalCode, '8')));
    await ctx.db.update(users).set({ firstName: 'Katie' }).where(eq(users.id, p8!.userId));

    // Term 2: students 7 and 9 have left, 31 is new, and the file now calls everyone "Kiddo".
    const term2 = edval([...range(1, 30).filter((n) => n !== 7 && n !== 9), 31]).replaceAll(',Kid,', ',Kiddo,');
    const second = await upload(admin, f.school.id, [{ name: 'classlist.csv', content: term2 }]);
    expect(second.statusCode).toBe(201);
    const d2 = rosterDatasetSchema.parse(second.json());
    const students = rosterStepResponse.parse(
      (await admin.get(`/api/v1/rosters/datasets/${d2.id}/student_reconciliation/`)).json(),
    );
    expect(students.counts).toEqual({ create: 1, remove: 2, update: 27, match: 1 });
    expect(
      students.decisions
        .filter((x) => x.action === 'remove')
        .map((x) => x.details.code)
        .sort(),
    ).toEqual(['7', '9']);
    const s8 = students.decisions.find((x) => x.record_key === '8')!;
    expect(s8).toMatchObject({ action: 'match', method: 'external_id', details: { kept: ['first_name'] } });
    const roles2 = rosterStepResponse.parse(
      (await admin.get(`/api/v1/rosters/datasets/${d2.id}/role_reconciliation/`)).json(),
    );
    expect(roles2.counts).toEqual({ create: 1, remove: 2, match: 35 });

    // 27 of 30 names change: more than 75% of the students, so the dataset is held until approved.
    const held = await apply(admin, d2.id);
    expect(held.body).toMatchObject({
      status: 'held',
      holds: [{ kind: 'students', reason: 'changes', count: 29, of: 30 }],
    });
    expect((await statuses(f.school.id)).filter((r) => r.access_status === AccessStatus.REMOVED)).toEqual([]);
    const approved = await admin.post(`/api/v1/rosters/datasets/${d2.id}/approve/`);
    expect(approved.statusCode).toBe(202);
    await ctx.jobs.runQueued('roster-apply', ctx.deps);
    const after2 = await statuses(f.school.id);
    expect(after2.filter((r) => r.access_status === AccessStatus.REMOVED).map((r) => `${r.title}:${r.code}`)).toEqual([
      '9MAT1:7',
      '9MAT1:9',
    ]);
    expect(after2.filter((r) => r.access_status === AccessStatus.UPLOADED)).toHaveLength(34);
    // Work kept; edited first name kept; imported surname rules elsewhere.
    expect(await ctx.db.select().from(activityResponses).where(eq(activityResponses.profileId, p7!.id))).toHaveLength(
      1,
    );
    const [u8] = await ctx.db.select().from(users).where(eq(users.id, p8!.userId));
    expect(u8!.firstName).toBe('Katie');
    const [u1] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, `1.student.${f.school.id}@roster.invalid`));
    expect(u1!.firstName).toBe('Kiddo');

    // Student 7 returns in a later file: their enrolment is raised back (with their work); 31 is gone again.
    const term3 = edval(range(1, 30).filter((n) => n !== 9));
    const third = rosterDatasetSchema.parse(
      (await upload(admin, f.school.id, [{ name: 'term3.csv', content: term3 }])).json(),
    );
    const roles3 = rosterStepResponse.parse(
      (await admin.get(`/api/v1/rosters/datasets/${third.id}/role_reconciliation/`)).json(),
    );
    expect(roles3.counts).toEqual({ update: 1, remove: 1, match: 35 });
    expect(roles3.decisions.find((x) => x.action === 'update')?.details).toMatchObject({
      person_code: '7',
      access_status: { from: 20, to: 40 },
    });

    // The first dataset cannot be rolled back while a later one is applied; the second can.
    expect((await admin.post(`/api/v1/rosters/datasets/${d1.id}/rollback/`)).statusCode).toBe(409);
    const rolled = await admin.post(`/api/v1/rosters/datasets/${d2.id}/rollback/`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    const back = await statuses(f.school.id);
    expect(back.filter((r) => r.access_status === AccessStatus.UPLOADED).map((r) => `${r.title}:${r.code}`)).toEqual(
      after1.map((r) => `${r.title}:${r.code}`),
    );
    expect(back.find((r) => r.code === '31')?.access_status).toBe(AccessStatus.REMOVED);
    const [u1back] = await ctx.db.select().from(users).where(eq(users.id, u1!.id));
    expect(u1back!.firstName).toBe('Kid');

    const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.schoolId, f.school.id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'upload_roster_dataset',
        'apply_roster_dataset',
        'hold_roster_dataset',
        'approve_roster_dataset',
        'rollback_roster_dataset',
      ]),
    );
  });

  it('reads the Banksia template and invites the new accounts that have an email', async () => {
    const f = await setup();
    const admin = await ctx.client(f.admin.user.id);
    const u = f.school.id;
    const csv = [
      'class_code,student_code,student_first_name,student_last_name,student_email,year_level,subject,teacher_code,teacher_first_name,teacher_last_name,teacher_email',
      `9MAT1,S1,Ava,Nguyen,AVA.${u}@Example.test,9,Mathematics,T1,Sam,Lee,sam.${u}@example.test`,
      `9MAT1,S2,Noah,"O'Brien, Jr",,9,Mathematics,T1,Sam,Lee,sam.${u}@example.test`,
    ].join('\r\n');
    const response = await upload(admin, f.school.id, [{ name: 'roster.csv', content: csv }], 'product');
    expect(response.statusCode, response.body).toBe(201);
    const d = rosterDatasetSchema.parse(response.json());
    expect(d.counts).toMatchObject({ classes: 1, teachers: 1, students: 2, enrolments: 3, errors: 0 });
    await apply(admin, d.id);
    const invites = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'password-invite'));
    const sent = invites.map((m) => m.to);
    expect(sent).toEqual(expect.arrayContaining([`ava.${u}@example.test`, `sam.${u}@example.test`]));
    expect(sent.some((to) => to.endsWith('@roster.invalid'))).toBe(false);
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from class_teachers t join profiles p on p.id = t.profile_id
      join users us on us.id = p.user_id where us.email = ${`sam.${u}@example.test`}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('imports a OneRoster bulk export the same way (its files dropped together)', async () => {
    const f = await setup();
    const admin = await ctx.client(f.admin.user.id);
    const names = [
      'manifest.csv',
      'orgs.csv',
      'users.csv',
      'classes.csv',
      'courses.csv',
      'enrollments.csv',
      'academicSessions.csv',
    ];
    const files = names.map((name) => ({ name, content: fixtureBytes('oneroster/bulk', name) }));
    const response = await upload(admin, f.school.id, files, 'oneroster');
    expect(response.statusCode, response.body).toBe(201);
    const d = rosterDatasetSchema.parse(response.json());
    expect(d.counts.students).toBeGreaterThan(0);
    expect(d.counts.enrolments).toBeGreaterThan(0);
    const students = rosterStepResponse.parse(
      (await admin.get(`/api/v1/rosters/datasets/${d.id}/student_reconciliation/`)).json(),
    );
    expect(students.decisions.map((x) => x.label)).toContain('Zoë Brontë (u-s1)');
  });

  it('suggests a name match for a person a colleague already added, and applies the override', async () => {
    const f = await setup();
    const klass = await createClass(ctx.db, f.school, { title: '9MAT1' });
    const known = await createStudent(ctx.db, f.school, [klass], {
      firstName: 'Kid',
      lastName: 'Pupil1',
      email: `kid${f.school.id}@example.test`,
    });
    const staff = await ctx.client(f.staff.id);
    const d = rosterDatasetSchema.parse(
      (await upload(staff, f.school.id, [{ name: 'c.csv', content: edval([1, 2], 'Pupil') }])).json(),
    );
    const step = rosterStepResponse.parse(
      (await staff.get(`/api/v1/rosters/datasets/${d.id}/student_reconciliation/`)).json(),
    );
    const one = step.decisions.find((x) => x.record_key === '1')!;
    expect(one).toMatchObject({ action: 'create', method: 'name_year', suggestion: { id: known.profile.id } });
    const classes = rosterStepResponse.parse(
      (await staff.get(`/api/v1/rosters/datasets/${d.id}/school_class_reconciliation/`)).json(),
    );
    expect(classes.decisions.find((x) => x.record_key === '9MAT1')).toMatchObject({
      action: 'match',
      method: 'title',
      internal_id: klass.id,
    });

    const bad = await staff.put(`/api/v1/rosters/datasets/${d.id}/student_reconciliation/${one.id}/`, {
      action: 'match',
      internal_id: f.admin.profile.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('internal_id');
    const ok = await staff.put(`/api/v1/rosters/datasets/${d.id}/student_reconciliation/${one.id}/`, {
      action: 'match',
      internal_id: known.profile.id,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = rosterStepResponse.parse(ok.json()).decisions.find((x) => x.record_key === '1')!;
    expect(after).toMatchObject({
      action: 'match',
      method: 'override',
      internal_id: known.profile.id,
      overridden: true,
    });
    await apply(staff, d.id);
    const rows = await ctx.db.select().from(enrolments).where(eq(enrolments.profileId, known.profile.id));
    expect(rows.find((r) => r.classId === klass.id)).toMatchObject({ accessStatus: AccessStatus.UPLOADED });
    expect(rows).toHaveLength(2);
  });

  it('lets a school admin see only their school, and refuses bad uploads without writing anything', async () => {
    const f = await setup();
    const staff = await ctx.client(f.staff.id);
    const d = rosterDatasetSchema.parse(
      (await upload(staff, f.school.id, [{ name: 'c.csv', content: edval([1, 2, 3], 'Learner') }])).json(),
    );
    const foreign = await ctx.client(f.otherAdmin.user.id);
    expect((await foreign.get(`/api/v1/rosters/datasets/${d.id}/`)).statusCode).toBe(404);
    expect((await foreign.get(`/api/v1/rosters/datasets/${d.id}/student_reconciliation/`)).statusCode).toBe(404);
    expect((await foreign.post(`/api/v1/rosters/datasets/${d.id}/apply/`)).statusCode).toBe(404);
    expect((await foreign.get('/api/v1/rosters/datasets/')).json().datasets).toEqual([]);
    expect((await upload(foreign, f.school.id, [{ name: 'c.csv', content: edval([4], 'Learner') }])).statusCode).toBe(
      403,
    );
    const teacher = await ctx.client(f.teacher.user.id);
    expect((await teacher.get('/api/v1/rosters/datasets/')).statusCode).toBe(403);
    const mine = (
      await (await ctx.client(f.admin.user.id)).get(`/api/v1/rosters/datasets/?school_id=${f.school.id}`)
    ).json();
    expect(mine.datasets.map((x: { id: number }) => x.id)).toEqual([d.id]);

    const count = async () =>
      (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from roster_datasets`)).rows[0]!.n;
    const before = await count();
    const admin = await ctx.client(f.admin.user.id);
    const cases: Array<[string, Awaited<ReturnType<typeof upload>>, string, number?]> = [
      ['wrong format', await upload(admin, f.school.id, [{ name: 'x.csv', content: 'name,score\nA,1\n' }]), 'file'],
      ['empty file', await upload(admin, f.school.id, [{ name: 'x.csv', content: '' }]), 'file'],
      ['unknown source', await upload(admin, f.school.id, [{ name: 'x.csv', content: 'a' }], 'excel'), 'source'],
      [
        'all rows bad',
        await upload(admin, f.school.id, [{ name: 'x.csv', content: `${HEADER}\n,,,9,,,,9MAT1\n` }]),
        'file',
      ],
    ];
    // A source whose parser is not registered (yet) is refused by name.
    const griddle = rosterParsers.griddle;
    delete rosterParsers.griddle;
    try {
      const response = await upload(admin, f.school.id, [{ name: 'x.csv', content: 'a' }], 'griddle');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.source[0]).toBe('Files from Griddle cannot be read yet.');
      expect(
        (await admin.get('/api/v1/rosters/sources/')).json().sources.map((s: { source: string }) => s.source),
      ).not.toContain('griddle');
    } finally {
      rosterParsers.griddle = griddle;
    }
    for (const [name, response, field] of cases) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), name).toContain(field);
    }
    // The other school's admin uploads this school's file (already applied here) to their own school.
    await apply(staff, d.id);
    const wrong = await upload(foreign, f.other.id, [{ name: 'z.csv', content: edval([1, 2, 3], 'Learner') }]);
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().errors).toHaveProperty('school_id');
    expect(await count()).toBe(before);

    const huge = await admin.request({
      method: 'POST',
      url: '/api/v1/rosters/datasets/',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
      payload: '--x--\r\n',
    });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a zip bomb and reads a zip of the TimeChart set', async () => {
    // Uploads go to a temporary folder under os.tmpdir(): this test's own, so the roster tests running beside it in
    // other workers (their uploads in flight) are not counted as left behind.
    const uploadsTmp = await mkdtemp(path.join(tmpdir(), 'banksia-upload-test-'));
    const systemTmp = process.env.TMPDIR;
    process.env.TMPDIR = uploadsTmp;
    onTestFinished(async () => {
      if (systemTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = systemTmp;
      await rm(uploadsTmp, { recursive: true, force: true });
    });
    const f = await setup();
    const { ZipFile } = await import('yazl');
    const zipOf = (entries: Array<[string, Buffer]>) =>
      new Promise<Buffer>((resolve) => {
        const zip = new ZipFile();
        for (const [name, content] of entries) zip.addBuffer(content, name);
        zip.end();
        const chunks: Buffer[] = [];
        zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
      });
    const admin = await ctx.client(f.admin.user.id);
    const bomb = await zipOf([['Students.csv', Buffer.alloc(30 * 1024 * 1024, 0x41)]]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload(admin, f.school.id, [{ name: 'export.zip', content: bomb }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.file[0]).toMatch(/unpacks to more than 20 MB/);
    const set = await zipOf([
      ['export/Students.csv', Buffer.from('Student Code,Last name,First name,Year Level\r\n3001,Lee,Ivy,8\r\n')],
      [
        'export/Courses.csv',
        Buffer.from('Student Code,Class code,Subject name,Teacher Code\r\n3001,8HIS1,History,\r\n'),
      ],
    ]);
    const ok = await upload(admin, f.school.id, [{ name: 'export.zip', content: set }]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().counts).toMatchObject({ students: 1, classes: 1, enrolments: 1 });
    // Uploads are streamed to a temporary folder and read from there; nothing of them is left behind.
    const left = (await readdir(uploadsTmp)).filter((n) => n.startsWith('banksia-roster-'));
    expect(left).toEqual([]);
  });
});

describe('the printable roster pages (/enrolinator/datasets/)', () => {
  it('list a year’s datasets and show one dataset’s four steps, without the web app, to those who may see them', async () => {
    const f = await setup();
    const admin = await ctx.client(f.admin.user.id);
    const made = await upload(admin, f.school.id, [
      { name: 'classlist.csv', content: edval(range(1, 3), 'Printable') },
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const { id } = rosterDatasetSchema.parse(made.json());

    const list = await admin.get('/enrolinator/datasets/?year=2026');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body).toContain('Roster datasets of 2026');
    expect(list.body).toContain(`href="/enrolinator/datasets/${id}/?year=2026"`);
    expect(list.body).not.toContain('<script');
    expect((await admin.get('/enrolinator/datasets/?year=2025')).body).toContain('0 datasets uploaded for 2025.');

    const detail = await admin.get(`/enrolinator/datasets/${id}/?year=2026`);
    expect(detail.statusCode, detail.body).toBe(200);
    for (const heading of [
      'Step 1 of 4: Classes',
      'Step 2 of 4: Teachers',
      'Step 3 of 4: Students',
      'Step 4 of 4: Enrolments',
    ]) {
      expect(detail.body).toContain(heading);
    }
    expect(detail.body).toContain('Create: 2');
    expect(detail.body).toContain('classlist.csv, line 2');

    // Another school's admin: not in their list, and not found by its address.
    const otherAdmin = await ctx.client(f.otherAdmin.user.id);
    expect((await otherAdmin.get('/enrolinator/datasets/?year=2026')).body).not.toContain(`Dataset ${id}<`);
    expect((await otherAdmin.get(`/enrolinator/datasets/${id}/`)).statusCode).toBe(404);
    // Roster staff see every school's; a plain teacher is refused; signed out goes to sign in.
    const staff = await ctx.client(f.staff.id);
    expect((await staff.get(`/enrolinator/datasets/${id}/`)).statusCode).toBe(200);
    expect((await (await ctx.client(f.teacher.user.id)).get('/enrolinator/datasets/')).statusCode).toBe(403);
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/enrolinator/datasets/?year=2026' });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/account/?next=%2Fenrolinator%2Fdatasets%2F%3Fyear%3D2026');
  });
});

describe('uploads read by header name (no published layout)', () => {
  it('show how each header was read, and apply only once a person has confirmed it', async () => {
    const f = await setup();
    await createCourse(ctx.db, { subject: 'Physics' });
    await createCourse(ctx.db, { subject: 'Chemistry' });
    const admin = await ctx.client(f.admin.user.id);
    const bytes = await readFile(new URL('./fixtures/griddle/griddle-export.csv', import.meta.url));
    const made = await upload(admin, f.school.id, [{ name: 'griddle-export.csv', content: bytes }], 'griddle');
    expect(made.statusCode, made.body).toBe(201);
    const dataset = rosterDatasetSchema.parse(made.json());
    expect(dataset.mapping_confirmed).toBe(false);
    const columns = dataset.mapping![0]!.columns;
    expect(columns.find((c) => c.header === 'Student Code')?.field).toBeTruthy();
    expect(columns.find((c) => c.header === 'Teacher Surname')?.field).toBeTruthy();

    const early = await admin.post(`/api/v1/rosters/datasets/${dataset.id}/apply/`);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({ errors: { mapping: [expect.stringContaining('Check the columns first')] } });

    const confirmed = await admin.post(`/api/v1/rosters/datasets/${dataset.id}/confirm-mapping/`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(rosterDatasetSchema.parse(confirmed.json()).mapping_confirmed).toBe(true);
    const audited = await ctx.db.execute(sql`select 1 from audit_log
      where action = 'confirm_roster_mapping' and entity_id = ${String(dataset.id)}`);
    expect(audited.rows).toHaveLength(1);

    const { body } = await apply(admin, dataset.id);
    expect(body.status).toBe('applying');
    expect(rosterDatasetSchema.parse((await admin.get(`/api/v1/rosters/datasets/${dataset.id}/`)).json()).status).toBe(
      'applied',
    );

    // A format with a published layout has no mapping to confirm.
    const edvalUpload = await upload(admin, f.school.id, [{ name: 'next.csv', content: edval(range(1, 2), 'Mapped') }]);
    const plain = rosterDatasetSchema.parse(edvalUpload.json());
    expect(plain).toMatchObject({ mapping: null, mapping_confirmed: true });
    expect((await admin.post(`/api/v1/rosters/datasets/${plain.id}/confirm-mapping/`)).statusCode).toBe(409);
  });
});
