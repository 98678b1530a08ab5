import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessStatus } from '@banksia/contracts/classes';
import { studentsOwingResponse } from '@banksia/contracts/payments-admin';
import { classProducts, enrolments, paymentLockListItems } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createUser } from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { studentBalances } from './ledger';
import { applyLocks } from './locks';
import { testWebhookTransport, WEBHOOK_PATH } from './payments.jobs';
import { providerFor, webhookSecret } from './providers/index';

const ctx = useTestApp();
const YEAR = 2026;
const PRICE = 45_000;
const stripe = new Stripe('sk_test_for_signatures_only');
const originalSend = testWebhookTransport.send;

let school: { id: number };
let klass: { id: number; title: string };

async function price(cents: number) {
  await ctx.db
    .insert(classProducts)
    .values({
      schoolId: school.id,
      calendarYear: YEAR,
      feature: 'STANDARD',
      priceCents: cents,
      currency: 'AUD',
      updatedAt: ctx.clock.now(),
    })
    .onConflictDoUpdate({
      target: [classProducts.schoolId, classProducts.calendarYear, classProducts.feature],
      set: { priceCents: cents },
    });
}

async function newStudent(firstName = 'Ava') {
  const s = await createStudent(ctx.db, school, [klass], { firstName, lastName: 'Nguyen' });
  return { ...s, client: await ctx.client(s.user.id) };
}

async function linkOf(client: TestClient): Promise<string> {
  const res = await client.get(`/api/v1/payments/me/?calendar_year=${YEAR}`);
  expect(res.statusCode).toBe(200);
  return res.json().links[0].code;
}

const owing = async (profileId: number) =>
  (await studentBalances(ctx.db, profileId, YEAR)).reduce((n, b) => n + b.owingCents, 0);

const paymentsOf = async (profileId: number) =>
  Number(
    (
      await ctx.db.execute<{ n: string }>(
        sql`select count(*) as n from ledger_transactions where kind = 'payment' and profile_id = ${profileId}`,
      )
    ).rows[0]!.n,
  );

const deliver = () => ctx.jobs.runQueued('payment-test-webhook', ctx.deps);

/** Posts a form to the test provider's page, as its HTML form does. */
async function submit(client: TestClient, path: string, fields: Record<string, string>) {
  return client.request({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ _csrf: client.cookies.csrftoken!, ...fields }).toString(),
  });
}

async function startCheckout(client: TestClient, code: string) {
  const res = await client.post(`/api/v1/payments/links/${code}/checkout/`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { checkout_session_id: string; url: string; amount_cents: number };
}

const pagePath = (url: string) => new URL(url).pathname;

function sendWebhook(payload: string, header: string) {
  return ctx.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

function signed(payload: string, timestamp = Math.floor(ctx.clock.now().getTime() / 1000)) {
  return stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret(ctx.deps), timestamp });
}

function event(type: string, object: object, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(ctx.clock.now().getTime() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

async function checkoutRow(id: string) {
  const { rows } = await ctx.db.execute<{
    status: string;
    payment_status: string;
    fulfilment: string;
    fulfilment_error: string | null;
  }>(sql`select status, payment_status, fulfilment, fulfilment_error from checkout_sessions where id = ${id}`);
  return rows[0]!;
}

beforeAll(async () => {
  school = await createSchool(ctx.db, { name: 'Banksia Test School' });
  klass = await createClass(ctx.db, school, { title: '9MAT1', calendarYear: YEAR, features: 'STANDARD' });
  await price(PRICE);
  // The test provider's webhooks reach the app in-process (in production: an HTTP POST to PUBLIC_URL).
  testWebhookTransport.send = async (url, body, headers) =>
    (await ctx.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode;
});

afterAll(() => {
  testWebhookTransport.send = originalSend;
});

describe('payment links', () => {
  it('shows the signed-in student what they owe per class, and the same through the link signed out', async () => {
    const ava = await newStudent();
    const res = await ava.client.get(`/api/v1/payments/me/?calendar_year=${YEAR}`);
    expect(res.statusCode).toBe(200);
    const [link] = res.json().links;
    expect(link).toMatchObject({
      calendar_year: YEAR,
      first_name: 'Ava',
      school_name: 'Banksia Test School',
      currency: 'AUD',
      classes: [{ class_name: '9MAT1', amount_cents: PRICE }],
      total_cents: PRICE,
      owing_cents: PRICE,
      paid_cents: 0,
    });
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The same link every time.
    expect(await linkOf(ava.client)).toBe(link.code);

    const anonymous = await ctx.client();
    const shown = await anonymous.get(`/api/v1/payments/links/${link.code}/`);
    expect(shown.statusCode).toBe(200);
    expect(Object.keys(shown.json()).sort()).toEqual(
      [
        'calendar_year',
        'classes',
        'code',
        'currency',
        'first_name',
        'owing_cents',
        'paid_cents',
        'school_name',
        'total_cents',
      ].sort(),
    );
    expect(shown.body).not.toContain('Nguyen');
    expect(shown.body).not.toContain(ava.user.email);
  });

  it('answers a made-up or altered code with 404, and a malformed one with 400', async () => {
    const ava = await newStudent();
    const code = await linkOf(ava.client);
    const altered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    const anonymous = await ctx.client();
    expect((await anonymous.get(`/api/v1/payments/links/${altered}/`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/v1/payments/links/${altered}/checkout/`)).statusCode).toBe(404);
    expect((await anonymous.post(`/api/v1/payments/links/${altered}/checkout/`)).statusCode).toBe(404);
    expect((await anonymous.get('/api/v1/payments/links/short/')).statusCode).toBe(400);
  });
});

describe('checkout through the test provider', () => {
  it('pays with 4242…: the webhook (not the redirect) records one payment and the fulfilment state reads paid', async () => {
    const ava = await newStudent();
    const code = await linkOf(ava.client);
    const started = await startCheckout(ava.client, code);
    expect(started.amount_cents).toBe(PRICE);
    expect(started.url).toBe(`${ctx.config.publicUrl}/test-provider/checkout/${started.checkout_session_id}/`);

    const buyer = await ctx.client();
    const page = await buyer.get(pagePath(started.url));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test payment provider');
    expect(page.body).toContain('$450.00');

    const paid = await submit(buyer, pagePath(started.url), { card_number: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${ctx.config.publicUrl}/fulfilment/?paymentLinkCode=${code}`);

    // Returned, but the webhook has not arrived yet: nothing is recorded, the page waits.
    expect((await buyer.get(`/api/v1/payments/links/${code}/checkout/`)).json().state).toBe('open');
    expect(await owing(ava.profile.id)).toBe(PRICE);

    // Staff's students-owing report lists her until the webhook, and not a moment after: it reads the ledger.
    const staff = await ctx.client((await createUser(ctx.db, { roles: ['payments_admin'] })).id);
    const owingIds = async () =>
      studentsOwingResponse
        .parse((await staff.get(`/api/v1/payments/reports/students-owing/${YEAR}/`)).json())
        .students.map((s) => s.profile_id);
    expect(await owingIds()).toContain(ava.profile.id);

    expect(await deliver()).toBe(1);
    const webhookAnswered = performance.now();
    expect(await owingIds()).not.toContain(ava.profile.id);
    expect(performance.now() - webhookAnswered).toBeLessThan(1_000);
    expect(await owing(ava.profile.id)).toBe(0);
    expect(await paymentsOf(ava.profile.id)).toBe(1);
    expect(await checkoutRow(started.checkout_session_id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      fulfilment: 'fulfilled',
    });
    expect((await buyer.get(`/api/v1/payments/links/${code}/checkout/`)).json()).toMatchObject({
      state: 'paid',
      owing_cents: 0,
    });
    // Nothing left to pay.
    expect((await ava.client.post(`/api/v1/payments/links/${code}/checkout/`)).statusCode).toBe(409);
  });

  it('declines 4000000000000002 with a clear message and leaves the student owing', async () => {
    const ava = await newStudent();
    const code = await linkOf(ava.client);
    const started = await startCheckout(await ctx.client(), code);
    const buyer = await ctx.client();
    const declined = await submit(buyer, pagePath(started.url), { card_number: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(await deliver()).toBe(0);
    expect(await owing(ava.profile.id)).toBe(PRICE);
    expect((await buyer.get(`/api/v1/payments/links/${code}/checkout/`)).json().state).toBe('open');
  });

  it('asks 4000002760003184 for a second step before it succeeds', async () => {
    const ava = await newStudent();
    const code = await linkOf(ava.client);
    const started = await startCheckout(ava.client, code);
    const buyer = await ctx.client();
    const first = await submit(buyer, pagePath(started.url), { card_number: '4000002760003184' });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/test-provider/checkout/${started.checkout_session_id}/confirm/`);
    expect(await deliver()).toBe(0);
    const confirm = await buyer.get(first.headers.location as string);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Complete authentication');
    const done = await submit(buyer, first.headers.location as string, { decision: 'approve' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toContain('/fulfilment/?paymentLinkCode=');
    await deliver();
    expect(await owing(ava.profile.id)).toBe(0);
  });

  it('refuses a form without its CSRF token', async () => {
    const ava = await newStudent();
    const started = await startCheckout(ava.client, await linkOf(ava.client));
    const res = await ctx.app.inject({
      method: 'POST',
      url: pagePath(started.url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4242424242424242',
    });
    expect(res.statusCode).toBe(403);
  });

  it('gives two checkouts at once one session, and one payment', async () => {
    const ava = await newStudent();
    const code = await linkOf(ava.client);
    const [a, b] = await Promise.all([startCheckout(ava.client, code), startCheckout(await ctx.client(), code)]);
    expect(a.checkout_session_id).toBe(b.checkout_session_id);
    const { rows } = await ctx.db.execute<{ n: string }>(
      sql`select count(*) as n from checkout_sessions where profile_id = ${ava.profile.id}`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
    await submit(await ctx.client(), pagePath(a.url), { card_number: '4242424242424242' });
    // Paying the same session twice (a second tab) is refused by the provider: it is complete.
    const again = await submit(await ctx.client(), pagePath(a.url), { card_number: '4242424242424242' });
    expect(again.statusCode).toBe(409);
    await deliver();
    expect(await paymentsOf(ava.profile.id)).toBe(1);
    expect(await owing(ava.profile.id)).toBe(0);
  });

  it('expires the open session when the amount changed, and makes a new one', async () => {
    const ava = await newStudent();
    const code = await linkOf(ava.client);
    const first = await startCheckout(ava.client, code);
    await price(PRICE + 5_000);
    try {
      const second = await startCheckout(ava.client, code);
      expect(second.checkout_session_id).not.toBe(first.checkout_session_id);
      expect(second.amount_cents).toBe(PRICE + 5_000);
      expect((await checkoutRow(first.checkout_session_id)).status).toBe('expired');
      // The old page can no longer be paid; the provider's `checkout.session.expired` changes nothing more.
      const old = await submit(await ctx.client(), pagePath(first.url), { card_number: '4242424242424242' });
      expect(old.statusCode).toBe(409);
      await deliver();
      expect((await checkoutRow(first.checkout_session_id)).status).toBe('expired');
    } finally {
      await price(PRICE);
    }
  });

  it('answers a repeated idempotency key with the first answer', async () => {
    const provider = providerFor(ctx.deps);
    const request = {
      idempotencyKey: 'test-key-1',
      amountCents: 100,
      currency: 'AUD',
      lineItems: [{ name: 'x', amountCents: 100 }],
      successUrl: 'http://x/s',
      cancelUrl: 'http://x/c',
      clientReferenceId: 'ref',
      metadata: {},
      expiresAt: new Date(ctx.clock.now().getTime() + 3_600_000),
    };
    const a = await provider.createCheckoutSession(request);
    const b = await provider.createCheckoutSession(request);
    expect(b).toEqual(a);
    await expect(provider.createCheckoutSession({ ...request, amountCents: 200 })).rejects.toThrow(/same parameters/);
  });
});

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

describe('payment locks', () => {
  it('reopens classes locked for want of payment as soon as the webhook records the payment', async () => {
    const lockSchool = await createSchool(ctx.db);
    const lockClass = await createClass(ctx.db, lockSchool, { calendarYear: YEAR, features: 'STANDARD' });
    await ctx.db.insert(classProducts).values({
      schoolId: lockSchool.id,
      calendarYear: YEAR,
      feature: 'STANDARD',
      priceCents: PRICE,
      currency: 'AUD',
      updatedAt: ctx.clock.now(),
    });
    await ctx.db.insert(paymentLockListItems).values({
      schoolId: lockSchool.id,
      calendarYear: YEAR,
      dueDate: '2026-02-01',
      locksUnpaid: true,
      updatedAt: ctx.clock.now(),
    });
    const tom = await createStudent(ctx.db, lockSchool, [lockClass], { firstName: 'Tom' });
    const client = await ctx.client(tom.user.id);
    const code = await linkOf(client);
    await ctx.db.transaction((tx) =>
      applyLocks(tx, { schoolId: lockSchool.id, calendarYear: YEAR, at: ctx.clock.now() }),
    );
    const status = async () =>
      (
        await ctx.db
          .select()
          .from(enrolments)
          .where(sql`${enrolments.profileId} = ${tom.profile.id}`)
      )[0]!.accessStatus;
    expect(await status()).toBe(AccessStatus.LOCKED);

    const started = await startCheckout(client, code);
    await submit(await ctx.client(), pagePath(started.url), { card_number: '4242424242424242' });
    // The browser's return alone opens nothing.
    expect(await status()).toBe(AccessStatus.LOCKED);
    await deliver();
    expect(await status()).toBe(AccessStatus.UPLOADED);
    const { rows } = await ctx.db.execute<{ n: string }>(
      sql`select count(*) as n from payment_locks where school_id = ${lockSchool.id}`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
