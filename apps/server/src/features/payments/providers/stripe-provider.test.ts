import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { stripeProvider } from './stripe-provider';

/** A stand-in for the SDK's client: records each call and its request options. */
function fakeStripe() {
  const session = {
    id: 'cs_test_1',
    url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    status: 'open',
    payment_status: 'unpaid',
    expires_at: 1_780_000_000,
  };
  return {
    checkout: {
      sessions: {
        create: vi.fn(async () => session),
        retrieve: vi.fn(async () => session),
        expire: vi.fn(async () => ({ ...session, status: 'expired' })),
      },
    },
    refunds: { create: vi.fn(async () => ({ id: 're_1', status: 'pending', failure_reason: null })) },
  };
}

describe('the Stripe provider', () => {
  it('sends an idempotency key with every POST, and one line per class', async () => {
    const client = fakeStripe();
    const provider = stripeProvider('sk_test_x', client as unknown as Stripe);
    const checkout = await provider.createCheckoutSession({
      idempotencyKey: 'checkout:1:2026:1',
      amountCents: 90_000,
      currency: 'AUD',
      lineItems: [
        { name: '9MAT1 (2026)', amountCents: 45_000 },
        { name: '9SCI1 (2026)', amountCents: 45_000 },
      ],
      successUrl: 'https://banksia.example/fulfilment/?paymentLinkCode=abc',
      cancelUrl: 'https://banksia.example/payment/abc/',
      clientReferenceId: 'abc',
      metadata: { profile_id: '1' },
      expiresAt: new Date(1_780_000_000_000),
    });
    expect(checkout).toEqual({
      id: 'cs_test_1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      status: 'open',
      paymentStatus: 'unpaid',
      expiresAt: new Date(1_780_000_000_000),
    });
    const [params, options] = client.checkout.sessions.create.mock.calls[0] as unknown as [
      Stripe.Checkout.SessionCreateParams,
      Stripe.RequestOptions,
    ];
    expect(options).toEqual({ idempotencyKey: 'checkout:1:2026:1' });
    expect(params).toMatchObject({
      mode: 'payment',
      client_reference_id: 'abc',
      expires_at: 1_780_000_000,
      payment_intent_data: { metadata: { profile_id: '1' } },
    });
    expect(params.line_items).toHaveLength(2);
    expect(params.line_items![0]).toEqual({
      quantity: 1,
      price_data: { currency: 'aud', unit_amount: 45_000, product_data: { name: '9MAT1 (2026)' } },
    });

    await provider.expireCheckoutSession({ id: 'cs_test_1', idempotencyKey: 'expire:cs_test_1' });
    expect(client.checkout.sessions.expire).toHaveBeenCalledWith(
      'cs_test_1',
      {},
      { idempotencyKey: 'expire:cs_test_1' },
    );

    const refund = await provider.createRefund({
      idempotencyKey: 'refund:7',
      paymentId: 'pi_1',
      amountCents: 100,
      metadata: { refund_id: '7' },
    });
    expect(refund).toEqual({ id: 're_1', status: 'pending', failureReason: null });
    expect(client.refunds.create).toHaveBeenCalledWith(
      { payment_intent: 'pi_1', amount: 100, metadata: { refund_id: '7' } },
      { idempotencyKey: 'refund:7' },
    );
  });
});
