import { AccessStatus } from '@banksia/contracts/classes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classProducts, enrolments, refundRuns, refunds } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { syncCharges } from './charges';
import { startCheckout } from './checkout.service';
import { studentBalances } from './ledger';
import { testWebhookTransport } from './payments.jobs';
import { payTestSession, providerFor } from './providers/index';
import { settleRefund } from './refund-settlement';

const ctx = useTestApp();
const YEAR = 2026;
const PRICE = 30_000;
const originalSend = testWebhookTransport.send;
const deliver = () => ctx.jobs.runQueued('payment-test-webhook', ctx.deps);

let school: { id: number };
let klass: { id: number };

beforeAll(async () => {
  school = await createSchool(ctx.db);
  klass = await createClass(ctx.db, school, { calendarYear: YEAR, features: 'STANDARD' });
  await ctx.db.insert(classProducts).values({
    schoolId: school.id,
    calendarYear: YEAR,
    feature: 'STANDARD',
    priceCents: PRICE,
    currency: 'AUD',
    updatedAt: ctx.clock.now(),
  });
  testWebhookTransport.send = async (url, body, headers) =>
    (await ctx.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode;
});

afterAll(() => {
  testWebhookTransport.send = originalSend;
});

/** A student who paid their fee through the test provider, then left the class: owed a refund of the fee. */
async function paidThenLeft() {
  const student = await createStudent(ctx.db, school, [klass]);
  const { rows } = await ctx.db.execute<{ code: string }>(sql`
    insert into payment_links (code, school_id, profile_id, calendar_year, created_at)
    values (${`refundtest${student.profile.id}${'x'.repeat(20)}`}, ${school.id}, ${student.profile.id}, ${YEAR}, ${ctx.clock.now()})
    returning code`);
  const started = await startCheckout(ctx.deps, rows[0]!.code, { actor: null, ip: '127.0.0.1' });
  expect((await payTestSession(ctx.deps, started.checkout_session_id, '4242424242424242')).outcome).toBe('paid');
  await deliver();
  await ctx.db
    .update(enrolments)
    .set({ accessStatus: AccessStatus.REMOVED })
    .where(and(eq(enrolments.classId, klass.id), eq(enrolments.profileId, student.profile.id)));
  await ctx.db.transaction((tx) =>
    syncCharges(tx, { schoolId: school.id, calendarYear: YEAR, profileIds: [student.profile.id], at: ctx.clock.now() }),
  );
  const [balance] = await studentBalances(ctx.db, student.profile.id, YEAR);
  expect(balance).toMatchObject({ owingCents: 0, refundOwedCents: PRICE });
  const { rows: session } = await ctx.db.execute<{ provider_payment_id: string }>(
    sql`select provider_payment_id from checkout_sessions where id = ${started.checkout_session_id}`,
  );
  return { student, checkoutSessionId: started.checkout_session_id, paymentId: session[0]!.provider_payment_id };
}

async function refundRow(profileId: number, checkoutSessionId: string, amountCents: number) {
  const maker = await createUser(ctx.db, { roles: ['payments_admin'] });
  const approver = await createUser(ctx.db, { roles: ['payments_admin'] });
  const at = ctx.clock.now();
  const [run] = await ctx.db
    .insert(refundRuns)
    .values({
      calendarYear: YEAR,
      status: 'approved',
      createdBy: maker.id,
      createdAt: at,
      approvedBy: approver.id,
      approvedAt: at,
    })
    .returning();
  const [refund] = await ctx.db
    .insert(refunds)
    .values({
      runId: run!.id,
      schoolId: school.id,
      profileId,
      calendarYear: YEAR,
      checkoutSessionId,
      amountCents,
      currency: 'AUD',
      status: 'pending',
      idempotencyKey: `refund-test:${run!.id}`,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return refund!;
}

const refundsPaid = async (profileId: number) =>
  Number(
    (
      await ctx.db.execute<{ n: string }>(
        sql`select count(*) as n from ledger_transactions where kind = 'refund_paid' and profile_id = ${profileId}`,
      )
    ).rows[0]!.n,
  );

describe('refunds through the test provider', () => {
  it('pays a refund once: createRefund, settleRefund, then the provider webhooks change nothing more', async () => {
    const { student, checkoutSessionId, paymentId } = await paidThenLeft();
    const refund = await refundRow(student.profile.id, checkoutSessionId, PRICE);
    const provider = providerFor(ctx.deps);
    const request = { idempotencyKey: refund.idempotencyKey, paymentId, amountCents: PRICE, metadata: {} };
    const sent = await provider.createRefund(request);
    expect(sent).toMatchObject({ id: expect.stringMatching(/^re_test_/), status: 'succeeded' });
    // A repeated key answers the first refund: nothing is refunded twice.
    expect(await provider.createRefund(request)).toEqual(sent);

    await ctx.db.update(refunds).set({ providerRefundId: sent.id }).where(eq(refunds.id, refund.id));
    for (let i = 0; i < 2; i++) {
      await ctx.db.transaction((tx) =>
        settleRefund(tx, { providerRefundId: sent.id, status: sent.status, at: ctx.clock.now() }),
      );
    }
    // `refund.created` and `charge.refunded`, as Stripe sends them.
    expect(await deliver()).toBe(2);
    const { rows: events } = await ctx.db.execute<{ type: string }>(
      sql`select type from payment_webhook_events where type in ('refund.created', 'charge.refunded') order by type`,
    );
    expect(events.map((e) => e.type)).toEqual(['charge.refunded', 'refund.created']);

    expect(await refundsPaid(student.profile.id)).toBe(1);
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row).toMatchObject({ status: 'succeeded', failureReason: null });
    const [balance] = await studentBalances(ctx.db, student.profile.id, YEAR);
    expect(balance).toMatchObject({ owingCents: 0, refundOwedCents: 0 });

    // No more than the payment can be refunded.
    await expect(
      provider.createRefund({ idempotencyKey: 'refund-test:again', paymentId, amountCents: 1, metadata: {} }),
    ).rejects.toThrow(/greater than unrefunded amount/);
  });

  it('keeps an end state: a late pending does not undo succeeded; a failure posts nothing', async () => {
    const { student, checkoutSessionId } = await paidThenLeft();
    const refund = await refundRow(student.profile.id, checkoutSessionId, PRICE);
    await ctx.db.update(refunds).set({ providerRefundId: 're_test_manual_failure' }).where(eq(refunds.id, refund.id));
    await ctx.db.transaction((tx) =>
      settleRefund(tx, {
        providerRefundId: 're_test_manual_failure',
        status: 'failed',
        failureReason: 'expired_or_canceled_card',
        at: ctx.clock.now(),
      }),
    );
    await ctx.db.transaction((tx) =>
      settleRefund(tx, { providerRefundId: 're_test_manual_failure', status: 'pending', at: ctx.clock.now() }),
    );
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    expect(await refundsPaid(student.profile.id)).toBe(0);
    // An unknown refund (made at the provider by hand) is ignored.
    await ctx.db.transaction((tx) =>
      settleRefund(tx, { providerRefundId: 're_unknown', status: 'succeeded', at: ctx.clock.now() }),
    );
  });
});
