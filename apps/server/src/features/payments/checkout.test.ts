import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentsOwingResponse } from '@banksia/contracts/payments-admin';
import { createUser } from '../../../test/factories';
import { providerFor } from './providers/index';
import {
  ctx,
  YEAR,
  PRICE,
  price,
  newStudent,
  linkOf,
  owing,
  paymentsOf,
  deliver,
  submit,
  startCheckout,
  pagePath,
  checkoutRow,
} from './checkout.test-helpers';

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
