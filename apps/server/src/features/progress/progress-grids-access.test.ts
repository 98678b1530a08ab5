import { progressGridSchema } from '@banksia/contracts/progress-grids';
import { describe, expect, it } from 'vitest';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { ctx, gridClass, getGrid, realNames, gridPaths } from './progress-grids.test-helpers';

describe('access', () => {
  it('is 403 for students of the class, a teacher of another school and a user of no class', async () => {
    const f = await gridClass();
    const otherSchool = await createSchool(ctx.db);
    const stranger = await createTeacher(ctx.db, otherSchool, [await createClass(ctx.db, otherSchool)]);
    const nobody = await createUser(ctx.db);
    for (const userId of [f.bob.user.id, stranger.user.id, nobody.id]) {
      const client = await ctx.client(userId);
      for (const path of gridPaths(f)) {
        const res = await client.get(`${f.base}${path}`);
        expect(res.statusCode, `${userId} ${path}`).toBe(403);
      }
    }
  });

  it('is 401 when signed out', async () => {
    const f = await gridClass();
    const client = await ctx.client();
    expect((await client.get(`${f.base}/exam/${f.exam.exam.id}/`)).statusCode).toBe(401);
  });

  it('lets a school admin of the class’s school and content staff in', async () => {
    const f = await gridClass();
    const admin = await createTeacher(ctx.db, f.school, [], { roles: ['teacher', 'school_admin'] });
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    for (const userId of [admin.user.id, staff.id]) {
      const g = await getGrid(f, `/topic/${f.topic.section.id}/`, userId);
      expect(g.rows).toHaveLength(3);
    }
  });
});

describe('anonymised grids and CSV', () => {
  it('name no real student in JSON or CSV when names are hidden', async () => {
    const f = await gridClass();
    const client = await ctx.client(f.teacher.user.id);
    for (const path of gridPaths(f)) {
      for (const format of ['json', 'csv']) {
        const res = await client.get(`${f.base}${path}?anonymise=1&format=${format}`);
        expect(res.statusCode, path).toBe(200);
        for (const name of realNames) expect(res.body, `${path} ${format}`).not.toContain(name);
      }
    }
    const viaCookie = await client.request({
      method: 'GET',
      url: `${f.base}/exam/${f.exam.exam.id}/`,
      cookies: { anonymizeStudentData: 'true' },
    });
    const g = progressGridSchema.parse(viaCookie.json());
    expect(g.anonymised).toBe(true);
    for (const name of realNames) expect(viaCookie.body).not.toContain(name);
    // Rows follow the pseudonyms, not the real alphabetical order.
    const shown = g.rows.map((r) => `${r.student!.last_name}\u0000${r.student!.first_name}`.toLowerCase());
    expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b)));
  });

  it('exports names with accents and other scripts intact, as UTF-8 with a byte-order mark', async () => {
    const f = await gridClass();
    await createStudent(ctx.db, f.school, [f.klass], { firstName: 'Zoë', lastName: 'Łukasiewicz' });
    const res = await (await ctx.client(f.teacher.user.id)).get(`${f.base}/exam/${f.exam.exam.id}/?format=csv`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(new TextDecoder('utf-8').decode(res.rawPayload)).toContain('Zoë Łukasiewicz,');
  });

  it('exports the same cells as CSV with a file name, neutralising formula cells', async () => {
    const f = await gridClass();
    await createStudent(ctx.db, f.school, [f.klass], { firstName: '=HYPERLINK("http://x")', lastName: 'Aaron' });
    const client = await ctx.client(f.teacher.user.id);
    const res = await client.get(`${f.base}/exam/${f.exam.exam.id}/?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="9mat1-progress-exam-algebra-test\.csv"$/,
    );
    // A UTF-8 byte-order mark first, so Excel reads the names right.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Student,Status,Q1,Q2,Total,Percent');
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://x"") Aaron",Not started,Not started,Not started,Not started,Not started`,
    );
    expect(lines[2]).toBe('Bob Young,Submitted,2 / 2,1 / 3,3 / 5,60%');

    const reflective = await client.get(`${f.base}/reflective-question-set/${f.reflective.exam.id}/?format=csv`);
    expect(reflective.body).toContain("Bob Young,Submitted,4 / 5,'=cmd|calc,4 / 5");
  });
});
