import { AccessStatus } from '@banksia/contracts/classes';
import { productsResponse, saveProductsResponse } from '@banksia/contracts/payments-admin';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, enrolments } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { studentBalances } from './ledger';

const ctx = useTestApp();
const YEAR = 2026;

async function fixture() {
  ctx.clock.set('2026-03-02T09:00:00.000Z');
  const school = await createSchool(ctx.db, { name: 'Banksia Grove' });
  const klass = await createClass(ctx.db, school, { title: '9MAT1', features: 'STANDARD', calendarYear: YEAR });
  const extended = await createClass(ctx.db, school, { title: '10SCI', features: 'EXTENDED', calendarYear: YEAR });
  const ava = await createStudent(ctx.db, school, [klass, extended], { firstName: 'Ava', lastName: 'Nguyen' });
  const staff = await createUser(ctx.db, { roles: ['content_admin', 'payments_admin'] });
  return { school, klass, extended, ava, staff };
}

const body = (overrides: object = {}) => ({
  currency: 'AUD',
  prices: { STANDARD: 12_000, EXTENDED: 15_050, EXTENDED_TEXTBOOK: null },
  due_date: '2026-03-31',
  locks_unpaid: true,
  note: 'Term 1',
  ...overrides,
});

describe('school-class product editor API', () => {
  it('saves prices and the due date, charges the students at once, lists them, and audits', async () => {
    const f = await fixture();
    const client = await ctx.client(f.staff.id);
    const url = `/api/v1/payments/products/${YEAR}/${f.school.id}/`;
    const saved = await client.put(url, body());
    expect(saved.statusCode).toBe(200);
    const result = saveProductsResponse.parse(saved.json());
    expect(result).toMatchObject({
      school_id: f.school.id,
      prices: { STANDARD: 12_000, EXTENDED: 15_050, EXTENDED_TEXTBOOK: null },
      due_date: '2026-03-31',
      locks_unpaid: true,
      paying_students: 1,
      sync: { charged: 2, credited: 0, queued: false, locked: 0 },
    });
    expect((await studentBalances(ctx.db, f.ava.profile.id, YEAR))[0]).toMatchObject({ owingCents: 27_050 });

    const list = productsResponse.parse((await client.get(`/api/v1/payments/products/${YEAR}/`)).json());
    expect(list.schools.find((s) => s.school_id === f.school.id)).toMatchObject({
      school_name: 'Banksia Grove',
      prices: { STANDARD: 12_000 },
      due_date: '2026-03-31',
    });
    // Another year: no prices.
    const other = productsResponse.parse((await client.get(`/api/v1/payments/products/2027/`)).json());
    expect(other.schools.find((s) => s.school_id === f.school.id)?.prices.STANDARD).toBeNull();

    // The extended class becomes free: a credit; saving the same again posts nothing.
    const again = saveProductsResponse.parse(
      (await client.put(url, body({ prices: { STANDARD: 12_000, EXTENDED: null, EXTENDED_TEXTBOOK: null } }))).json(),
    );
    expect(again.sync).toMatchObject({ charged: 0, credited: 1 });
    const same = saveProductsResponse.parse(
      (await client.put(url, body({ prices: { STANDARD: 12_000, EXTENDED: null, EXTENDED_TEXTBOOK: null } }))).json(),
    );
    expect(same.sync).toMatchObject({ charged: 0, credited: 0 });
    expect((await studentBalances(ctx.db, f.ava.profile.id, YEAR))[0]).toMatchObject({ owingCents: 12_000 });

    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'save_class_products'));
    expect(audits.length).toBe(3);
    expect(audits[0]).toMatchObject({ actorUserId: f.staff.id, entityId: `${f.school.id}:${YEAR}` });
  });

  it('a save after the due date locks the unpaid classes at once; moving the date later releases them', async () => {
    const f = await fixture();
    ctx.clock.set('2026-04-02T09:00:00.000Z');
    const client = await ctx.client(f.staff.id);
    const url = `/api/v1/payments/products/${YEAR}/${f.school.id}/`;
    const saved = saveProductsResponse.parse((await client.put(url, body())).json());
    expect(saved.sync).toMatchObject({ locked: 2 });
    expect(saved.locked_students).toBe(1);
    const [row] = await ctx.db
      .select({ status: enrolments.accessStatus })
      .from(enrolments)
      .where(and(eq(enrolments.classId, f.klass.id), eq(enrolments.profileId, f.ava.profile.id)));
    expect(row!.status).toBe(AccessStatus.LOCKED);
    const later = saveProductsResponse.parse((await client.put(url, body({ due_date: '2026-06-30' }))).json());
    expect(later.sync).toMatchObject({ released: 2, locked: 0 });
    expect(later.locked_students).toBe(0);
  });

  it('refuses bad prices with the field named, and unknown schools with 404', async () => {
    const f = await fixture();
    const client = await ctx.client(f.staff.id);
    const bad = await client.put(
      `/api/v1/payments/products/${YEAR}/${f.school.id}/`,
      body({ prices: { STANDARD: -1, EXTENDED: null, EXTENDED_TEXTBOOK: null } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('prices.STANDARD');
    expect((await client.put(`/api/v1/payments/products/${YEAR}/999999/`, body())).statusCode).toBe(404);
  });
});
