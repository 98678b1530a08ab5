import { readFile } from 'node:fs/promises';
import { AccessStatus } from '@banksia/contracts/classes';
import { rosterDatasetSchema, rosterStepResponse } from '@banksia/contracts/rosters';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolments } from '../../../db/schema/index';
import { createClass, createCourse, createStudent } from '../../../../test/factories';
import { useTestApp } from '../../../../test/harness';
import { edval, range, rosterTestKit } from '../rosters.test-support';

const ctx = useTestApp();
const { setup, upload, apply } = rosterTestKit(ctx);

describe('roster datasets: upload, reconcile, apply, next term, rollback', () => {
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
});

describe('uploads read by header name (no published layout)', () => {
  it('show how each header was read, and apply only once a person has confirmed it', async () => {
    const f = await setup();
    await createCourse(ctx.db, { subject: 'Physics' });
    await createCourse(ctx.db, { subject: 'Chemistry' });
    const admin = await ctx.client(f.admin.user.id);
    const bytes = await readFile(new URL('../fixtures/griddle/griddle-export.csv', import.meta.url));
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
