import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rosterDatasetSchema, rosterStepResponse } from '@banksia/contracts/rosters';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { emailOutbox } from '../../../db/schema/index';
import { fixtureBytes } from '../../../../test/factories';
import { useTestApp } from '../../../../test/harness';
import { rosterParsers } from '../parsers/index';
import { edval, HEADER, rosterTestKit } from '../rosters.test-support';

const ctx = useTestApp();
const { setup, upload, apply } = rosterTestKit(ctx);

describe('roster datasets: upload, reconcile, apply, next term, rollback', () => {
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
