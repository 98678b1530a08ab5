import { rosterDatasetSchema } from '@banksia/contracts/rosters';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness';
import { edval, range, rosterTestKit } from '../rosters.test-support';

const ctx = useTestApp();
const { setup, upload } = rosterTestKit(ctx);

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
