import { AccessStatus } from '@banksia/contracts/classes';
import { refundRunResponse, refundRunsResponse, refundsOwedResponse } from '@banksia/contracts/payments-admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classProducts, enrolments } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createUser } from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { syncCharges } from './charges';
import { studentBalances } from './ledger';
import { testWebhookTransport } from './payments.jobs';
import { payTestSession, TEST_CARDS } from './providers/index';

const ctx = useTestApp();
const YEAR = 2026;
const PRICE = 30_000;
const originalSend = testWebhookTransport.send;

beforeAll(() => {
  // The test provider's webhooks reach the app in-process.
  testWebhookTransport.send = async (url, body, headers) =>
    (await ctx.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode;
});
afterAll(() => {
  testWebhookTransport.send = originalSend;
});

/** The student pays what they owe through the test provider, and its webhook is delivered. */
async function payAll(client: TestClient): Promise<string> {
  const me = await client.get(`/api/v1/payments/me/?calendar_year=${YEAR}`);
  const code = me.json().links[0].code as string;
  const started = await client.post(`/api/v1/payments/links/${code}/checkout/`);
  expect(started.statusCode, started.body).toBe(201);
  const id = started.json().checkout_session_id as string;
  expect((await payTestSession(ctx.deps, id, TEST_CARDS.succeeds)).outcome).toBe('paid');
  await ctx.jobs.runQueued('payment-test-webhook', ctx.deps);
  return id;
}

async function setStatus(classId: number, profileId: number, status: number) {
  await ctx.db
    .update(enrolments)
    .set({ accessStatus: status })
    .where(and(eq(enrolments.classId, classId), eq(enrolments.profileId, profileId)));
}

describe('refund runs', () => {
  it('split refunds across payments, need a second person to approve, and pay out through the provider', async () => {
    const school = await createSchool(ctx.db, { name: 'Banksia Grove' });
    const mat = await createClass(ctx.db, school, { title: '9MAT1', features: 'STANDARD', calendarYear: YEAR });
    const sci = await createClass(ctx.db, school, { title: '9SCI1', features: 'STANDARD', calendarYear: YEAR });
    await ctx.db.insert(classProducts).values({
      schoolId: school.id,
      calendarYear: YEAR,
      feature: 'STANDARD',
      priceCents: PRICE,
      updatedAt: ctx.clock.now(),
    });
    const ava = await createStudent(ctx.db, school, [mat], { firstName: 'Ava', lastName: 'Nguyen' });
    const sync = () =>
      ctx.db.transaction((tx) => syncCharges(tx, { schoolId: school.id, calendarYear: YEAR, at: ctx.clock.now() }));
    await sync();
    const avaClient = await ctx.client(ava.user.id);
    const first = await payAll(avaClient);
    // She joins a second class and pays for it too: two payments of 300.00.
    await ctx.db
      .insert(enrolments)
      .values({ schoolId: school.id, classId: sci.id, profileId: ava.profile.id, accessStatus: AccessStatus.UPLOADED });
    await sync();
    const second = await payAll(avaClient);
    expect(first).not.toBe(second);
    // She leaves both: 600.00 is owed back, more than either payment.
    await setStatus(mat.id, ava.profile.id, AccessStatus.REMOVED);
    await setStatus(sci.id, ava.profile.id, AccessStatus.REMOVED);
    await sync();
    expect((await studentBalances(ctx.db, ava.profile.id, YEAR))[0]).toMatchObject({
      owingCents: 0,
      refundOwedCents: 2 * PRICE,
    });

    const sam = await ctx.client((await createUser(ctx.db, { roles: ['content_admin', 'payments_admin'] })).id);
    const lena = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
    const listUrl = `/api/v1/payments/refund-runs/year/${YEAR}/`;
    expect(refundRunsResponse.parse((await sam.get(listUrl)).json()).available).toEqual({
      students: 1,
      totals: [{ currency: 'AUD', amount_cents: 2 * PRICE }],
    });

    const created = await sam.post(listUrl);
    expect(created.statusCode, created.body).toBe(201);
    const run = refundRunResponse.parse(created.json());
    expect(run.status).toBe('draft');
    expect(run.refunds.map((r) => [r.checkout_session_id, r.amount_cents, r.status]).sort()).toEqual(
      [
        [first, PRICE, 'draft'],
        [second, PRICE, 'draft'],
      ].sort(),
    );
    // Everything owed is in that run: a second run has nothing to take.
    expect((await sam.post(listUrl)).statusCode).toBe(409);
    const owed = refundsOwedResponse.parse((await sam.get(`/api/v1/payments/reports/refunds-owed/${YEAR}/`)).json());
    expect(owed.students[0]).toMatchObject({ refund_owed_cents: 2 * PRICE, in_runs_cents: 2 * PRICE });

    // Not sent before approval; not approved by its creator.
    expect((await sam.post(`/api/v1/payments/refund-runs/${run.id}/send/`)).statusCode).toBe(409);
    const self = await sam.post(`/api/v1/payments/refund-runs/${run.id}/approve/`);
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toContain('second person');
    const approved = await lena.post(`/api/v1/payments/refund-runs/${run.id}/approve/`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approved_by_name: expect.any(String) });

    const sent = refundRunResponse.parse((await lena.post(`/api/v1/payments/refund-runs/${run.id}/send/`)).json());
    expect(sent.status).toBe('sent');
    expect(sent.refunds.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect((await studentBalances(ctx.db, ava.profile.id, YEAR))[0]).toMatchObject({
      owingCents: 0,
      refundOwedCents: 0,
    });
    // Sending again does nothing more: one refund_paid posting per refund.
    expect((await lena.post(`/api/v1/payments/refund-runs/${run.id}/send/`)).statusCode).toBe(409);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where kind = 'refund_paid' and profile_id = ${ava.profile.id}`,
    );
    expect(rows[0]!.n).toBe(2);
    const after = refundsOwedResponse.parse((await sam.get(`/api/v1/payments/reports/refunds-owed/${YEAR}/`)).json());
    expect(after.students).toEqual([]);
  });

  it('a canceled draft frees its refunds for the next run', async () => {
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school, { features: 'STANDARD', calendarYear: YEAR });
    await ctx.db.insert(classProducts).values({
      schoolId: school.id,
      calendarYear: YEAR,
      feature: 'STANDARD',
      priceCents: PRICE,
      updatedAt: ctx.clock.now(),
    });
    const zoe = await createStudent(ctx.db, school, [klass]);
    const sync = () =>
      ctx.db.transaction((tx) => syncCharges(tx, { schoolId: school.id, calendarYear: YEAR, at: ctx.clock.now() }));
    await sync();
    await payAll(await ctx.client(zoe.user.id));
    await setStatus(klass.id, zoe.profile.id, AccessStatus.REMOVED);
    await sync();
    const staff = await ctx.client((await createUser(ctx.db, { roles: ['payments_admin'] })).id);
    const url = `/api/v1/payments/refund-runs/year/${YEAR}/`;
    const run = refundRunResponse.parse((await staff.post(url)).json());
    expect(run.refunds.filter((r) => r.profile_id === zoe.profile.id)).toHaveLength(1);
    const canceled = await staff.post(`/api/v1/payments/refund-runs/${run.id}/cancel/`);
    expect(canceled.json()).toMatchObject({ status: 'canceled' });
    const again = refundRunResponse.parse((await staff.post(url)).json());
    expect(again.refunds.find((r) => r.profile_id === zoe.profile.id)).toMatchObject({ amount_cents: PRICE });
  });
});
