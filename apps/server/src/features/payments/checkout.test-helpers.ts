import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { classProducts } from '../../db/schema/index';
import { createClass, createSchool, createStudent } from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { studentBalances } from './ledger';
import { testWebhookTransport, WEBHOOK_PATH } from './payments.jobs';
import { webhookSecret } from './providers/index';

/** The setup the paying tests share: one app and database per test file, a priced school and class, checkout and webhook helpers. */

export const ctx = useTestApp();

export const YEAR = 2026;

export const PRICE = 45_000;

export const stripe = new Stripe('sk_test_for_signatures_only');

export const originalSend = testWebhookTransport.send;

export let school: { id: number };
export let klass: { id: number; title: string };

export async function price(cents: number) {
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

export async function newStudent(firstName = 'Ava') {
  const s = await createStudent(ctx.db, school, [klass], { firstName, lastName: 'Nguyen' });
  return { ...s, client: await ctx.client(s.user.id) };
}

export async function linkOf(client: TestClient): Promise<string> {
  const res = await client.get(`/api/v1/payments/me/?calendar_year=${YEAR}`);
  expect(res.statusCode).toBe(200);
  return res.json().links[0].code;
}

export const owing = async (profileId: number) =>
  (await studentBalances(ctx.db, profileId, YEAR)).reduce((n, b) => n + b.owingCents, 0);

export const paymentsOf = async (profileId: number) =>
  Number(
    (
      await ctx.db.execute<{ n: string }>(
        sql`select count(*) as n from ledger_transactions where kind = 'payment' and profile_id = ${profileId}`,
      )
    ).rows[0]!.n,
  );

export const deliver = () => ctx.jobs.runQueued('payment-test-webhook', ctx.deps);

/** Posts a form to the test provider's page, as its HTML form does. */
export async function submit(client: TestClient, path: string, fields: Record<string, string>) {
  return client.request({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ _csrf: client.cookies.csrftoken!, ...fields }).toString(),
  });
}

export async function startCheckout(client: TestClient, code: string) {
  const res = await client.post(`/api/v1/payments/links/${code}/checkout/`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { checkout_session_id: string; url: string; amount_cents: number };
}

export const pagePath = (url: string) => new URL(url).pathname;

export function sendWebhook(payload: string, header: string) {
  return ctx.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

export function signed(payload: string, timestamp = Math.floor(ctx.clock.now().getTime() / 1000)) {
  return stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret(ctx.deps), timestamp });
}

export function event(type: string, object: object, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
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

export async function checkoutRow(id: string) {
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
