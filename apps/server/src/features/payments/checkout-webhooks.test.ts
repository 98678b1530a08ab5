import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { testWebhookTransport, WEBHOOK_PATH } from './payments.jobs';
import {
  ctx,
  PRICE,
  stripe,
  newStudent,
  linkOf,
  owing,
  paymentsOf,
  deliver,
  submit,
  startCheckout,
  pagePath,
  sendWebhook,
  signed,
  event,
  checkoutRow,
} from './checkout.test-helpers';

describe('the webhook endpoint', () => {
  async function paidSession() {
    const ava = await newStudent();
    const code = await linkOf(ava.client);
    const started = await startCheckout(ava.client, code);
    const session = {
      id: started.checkout_session_id,
      object: 'checkout.session',
      amount_total: PRICE,
      currency: 'aud',
      client_reference_id: code,
      payment_intent: 'pi_test_webhook',
      payment_status: 'paid',
      status: 'complete',
    };
    return { ava, code, started, session };
  }

  it('verifies the signature, records one payment, and answers a replay as a duplicate', async () => {
    const { ava, session } = await paidSession();
    const body = event('checkout.session.completed', session);
    const header = signed(body);
    const first = await sendWebhook(body, header);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await sendWebhook(body, header);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // The same event id again with a fresh signature: still once.
    ctx.clock.advance(60_000);
    expect((await sendWebhook(body, signed(body))).json().duplicate).toBe(true);
    expect(await paymentsOf(ava.profile.id)).toBe(1);
    expect(await owing(ava.profile.id)).toBe(0);
  });

  it('refuses a bad signature, a tampered body and an event signed 10 minutes ago with 400', async () => {
    const { ava, session } = await paidSession();
    const body = event('checkout.session.completed', session);
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_wrong' });
    expect((await sendWebhook(body, wrongSecret)).statusCode).toBe(400);
    const tampered = body.replace(`"amount_total":${PRICE}`, '"amount_total":1');
    expect((await sendWebhook(tampered, signed(body))).statusCode).toBe(400);
    const stale = signed(body, Math.floor(ctx.clock.now().getTime() / 1000) - 600);
    expect((await sendWebhook(body, stale)).statusCode).toBe(400);
    const future = signed(body, Math.floor(ctx.clock.now().getTime() / 1000) + 600);
    expect((await sendWebhook(body, future)).statusCode).toBe(400);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
    expect(await paymentsOf(ava.profile.id)).toBe(0);
    // Within the tolerance it is accepted.
    expect((await sendWebhook(body, signed(body, Math.floor(ctx.clock.now().getTime() / 1000) - 240))).statusCode).toBe(
      200,
    );
    expect(await paymentsOf(ava.profile.id)).toBe(1);
  });

  it('ignores checkout.session.expired arriving after completed', async () => {
    const { started, session } = await paidSession();
    const completed = event('checkout.session.completed', session);
    expect((await sendWebhook(completed, signed(completed))).statusCode).toBe(200);
    const expired = event('checkout.session.expired', { ...session, status: 'expired', payment_status: 'unpaid' });
    expect((await sendWebhook(expired, signed(expired))).statusCode).toBe(200);
    expect(await checkoutRow(started.checkout_session_id)).toMatchObject({
      status: 'complete',
      fulfilment: 'fulfilled',
    });
  });

  it('waits on completed with payment_status unpaid until async_payment_succeeded', async () => {
    const { ava, code, started, session } = await paidSession();
    const completed = event('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect((await sendWebhook(completed, signed(completed))).statusCode).toBe(200);
    expect(await paymentsOf(ava.profile.id)).toBe(0);
    expect((await ava.client.get(`/api/v1/payments/links/${code}/checkout/`)).json().state).toBe('processing');
    const succeeded = event('checkout.session.async_payment_succeeded', session);
    expect((await sendWebhook(succeeded, signed(succeeded))).statusCode).toBe(200);
    expect(await paymentsOf(ava.profile.id)).toBe(1);
    expect((await checkoutRow(started.checkout_session_id)).fulfilment).toBe('fulfilled');
    // A late duplicate `completed` (a different event id) posts nothing more.
    const late = event('checkout.session.completed', session);
    expect((await sendWebhook(late, signed(late))).statusCode).toBe(200);
    expect(await paymentsOf(ava.profile.id)).toBe(1);
  });

  it('marks a failed fulfilment for review without losing the event, and a retry fulfils it', async () => {
    const { ava, code, started, session } = await paidSession();
    await ctx.db.execute(sql`
      create function test_refuse_payments() returns trigger language plpgsql as $$
      begin
        if new.kind = 'payment' then raise exception 'ledger is down for maintenance'; end if;
        return new;
      end $$`);
    await ctx.db.execute(sql`
      create trigger test_refuse_payments before insert on ledger_transactions
      for each row execute function test_refuse_payments()`);
    const body = event('checkout.session.completed', session);
    try {
      const res = await sendWebhook(body, signed(body));
      expect(res.statusCode).toBe(200);
    } finally {
      await ctx.db.execute(sql`drop trigger test_refuse_payments on ledger_transactions`);
      await ctx.db.execute(sql`drop function test_refuse_payments()`);
    }
    expect(await checkoutRow(started.checkout_session_id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      fulfilment: 'failed',
      fulfilment_error: expect.stringContaining('ledger is down for maintenance'),
    });
    const { rows: events } = await ctx.db.execute<{ processed_at: Date | null }>(
      sql`select processed_at from payment_webhook_events where payload->'data'->'object'->>'id' = ${started.checkout_session_id}`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.processed_at).not.toBeNull();
    expect((await ava.client.get(`/api/v1/payments/links/${code}/checkout/`)).json().state).toBe('needs_review');

    const staff = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
    const review = await staff.get('/api/v1/payments/fulfilment-review/');
    expect(review.statusCode).toBe(200);
    expect(review.json().results).toEqual([
      expect.objectContaining({
        checkout_session_id: started.checkout_session_id,
        fulfilment: 'failed',
        amount_cents: PRICE,
        fulfilment_attempts: 1,
      }),
    ]);
    // Students and teachers may not see or retry it.
    expect((await ava.client.get('/api/v1/payments/fulfilment-review/')).statusCode).toBe(403);

    const retried = await staff.post(`/api/v1/payments/fulfilment-review/${started.checkout_session_id}/retry/`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ fulfilment: 'fulfilled', error: null });
    expect(await owing(ava.profile.id)).toBe(0);
    expect(await paymentsOf(ava.profile.id)).toBe(1);
    expect((await staff.get('/api/v1/payments/fulfilment-review/')).json().results).toEqual([]);
    // Retrying again changes nothing.
    expect(
      (await staff.post(`/api/v1/payments/fulfilment-review/${started.checkout_session_id}/retry/`)).json(),
    ).toEqual({
      fulfilment: 'fulfilled',
      error: null,
    });
    expect(await paymentsOf(ava.profile.id)).toBe(1);
  });

  it('delivers the test provider webhooks again after a failed delivery', async () => {
    const ava = await newStudent();
    const code = await linkOf(ava.client);
    const started = await startCheckout(ava.client, code);
    const send = testWebhookTransport.send;
    testWebhookTransport.send = async () => 503;
    try {
      await submit(await ctx.client(), pagePath(started.url), { card_number: '4242424242424242' });
      expect(await deliver()).toBe(1);
      expect(await owing(ava.profile.id)).toBe(PRICE);
    } finally {
      testWebhookTransport.send = send;
    }
    // pg-boss retries after its delay (2 s here): make it due now.
    await ctx.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'payment-test-webhook' and state = 'retry'`,
    );
    expect(await deliver()).toBe(1);
    expect(await owing(ava.profile.id)).toBe(0);
  });
});
