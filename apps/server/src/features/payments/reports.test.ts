import { refundsOwedResponse, studentsOwingResponse } from '@banksia/contracts/payments-admin';
import { describe, expect, it } from 'vitest';
import { classProducts } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { recordPayment, syncCharges } from './charges';

const ctx = useTestApp();
const YEAR = 2026;

describe('payment reports', () => {
  it('list students owing per class (all schools or one), refunds owed, and the same as CSV with a BOM', async () => {
    const at = ctx.clock.now();
    const grove = await createSchool(ctx.db, { name: 'Banksia Grove' });
    const wattle = await createSchool(ctx.db, { name: 'Wattle Creek' });
    const mat = await createClass(ctx.db, grove, { title: '9MAT1', features: 'STANDARD', calendarYear: YEAR });
    const sci = await createClass(ctx.db, wattle, { title: '10SCI-W', features: 'STANDARD', calendarYear: YEAR });
    const ava = await createStudent(ctx.db, grove, [mat], { firstName: 'Ava', lastName: 'Nguyen' });
    const zoe = await createStudent(ctx.db, grove, [mat], { firstName: 'Zoë', lastName: 'Łukasiewicz' });
    const tom = await createStudent(ctx.db, wattle, [sci], { firstName: 'Tom', lastName: 'Harris' });
    const staff = await createUser(ctx.db, { roles: ['payments_admin'] });
    for (const school of [grove, wattle]) {
      await ctx.db
        .insert(classProducts)
        .values({ schoolId: school.id, calendarYear: YEAR, feature: 'STANDARD', priceCents: 12_000, updatedAt: at });
      await ctx.db.transaction((tx) => syncCharges(tx, { schoolId: school.id, calendarYear: YEAR, at }));
    }
    // Zoë paid twice by mistake: she owes nothing and is owed 120.00 back.
    for (const id of ['cs_r_1', 'cs_r_2']) {
      await ctx.db.transaction((tx) =>
        recordPayment(tx, {
          schoolId: grove.id,
          profileId: zoe.profile.id,
          calendarYear: YEAR,
          currency: 'AUD',
          amountCents: 12_000,
          provider: 'test',
          checkoutSessionId: id,
          at,
        }),
      );
    }
    const client = await ctx.client(staff.id);
    const all = studentsOwingResponse.parse(
      (await client.get(`/api/v1/payments/reports/students-owing/${YEAR}/`)).json(),
    );
    expect(all.students.map((s) => [s.school_name, s.first_name, s.owing_cents])).toEqual([
      ['Banksia Grove', 'Ava', 12_000],
      ['Wattle Creek', 'Tom', 12_000],
    ]);
    expect(all.students[0]!.classes).toEqual([
      { class_id: mat.id, title: '9MAT1', feature: 'STANDARD', charged_cents: 12_000, locked: false },
    ]);
    expect(all.totals).toEqual([{ currency: 'AUD', owing_cents: 24_000, students: 2 }]);

    const one = studentsOwingResponse.parse(
      (await client.get(`/api/v1/payments/reports/students-owing/${YEAR}/?school_id=${wattle.id}`)).json(),
    );
    expect(one.students.map((s) => s.profile_id)).toEqual([tom.profile.id]);
    expect(one.school_id).toBe(wattle.id);

    const csv = await client.get(`/api/v1/payments/reports/students-owing/${YEAR}/csv/?school_id=${grove.id}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFSchool,Last name')).toBe(true);
    expect(csv.body).toContain('Banksia Grove,Nguyen,Ava');
    expect(csv.body).toContain('9MAT1,STANDARD,120.00,no');

    const owed = refundsOwedResponse.parse((await client.get(`/api/v1/payments/reports/refunds-owed/${YEAR}/`)).json());
    expect(owed.students).toEqual([
      expect.objectContaining({ profile_id: zoe.profile.id, refund_owed_cents: 12_000, in_runs_cents: 0 }),
    ]);
    const owedCsv = await client.get(`/api/v1/payments/reports/refunds-owed/${YEAR}/csv/`);
    expect(owedCsv.body).toContain('Banksia Grove,Łukasiewicz,Zoë');
    expect(ava.profile.id).toBeGreaterThan(0);
  });
});
