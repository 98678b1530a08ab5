import Stripe from 'stripe';
import type { CheckoutRequest, PaymentProvider, ProviderCheckout, RefundRequest, RefundStatus } from './provider';

/**
 * Stripe Checkout through the `stripe` SDK (ADR 011). Every POST carries the caller's idempotency key, so a retry
 * after a timeout gets Stripe's first answer instead of a second session or refund. Sessions are one-off payments
 * with one line item per class; the session's metadata is copied onto its payment intent, for refunds and reports.
 */
export function stripeProvider(secretKey: string, client?: Stripe): PaymentProvider {
  const stripe = client ?? new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });

  const asCheckout = (s: Stripe.Checkout.Session): ProviderCheckout => ({
    id: s.id,
    url: s.url ?? '',
    status: (s.status ?? 'open') as ProviderCheckout['status'],
    paymentStatus: s.payment_status as ProviderCheckout['paymentStatus'],
    expiresAt: new Date(s.expires_at * 1000),
  });

  return {
    name: 'stripe',

    async createCheckoutSession(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lineItems.map((l) => ({
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: l.amountCents,
              product_data: { name: l.name },
            },
          })),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.clientReferenceId,
          metadata: request.metadata,
          payment_intent_data: { metadata: request.metadata },
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return asCheckout(session);
    },

    async expireCheckoutSession({ id, idempotencyKey }) {
      const current = await stripe.checkout.sessions.retrieve(id);
      if (current.status !== 'open') return asCheckout(current);
      return asCheckout(await stripe.checkout.sessions.expire(id, {}, { idempotencyKey }));
    },

    async createRefund(request: RefundRequest) {
      const refund = await stripe.refunds.create(
        { payment_intent: request.paymentId, amount: request.amountCents, metadata: request.metadata },
        { idempotencyKey: request.idempotencyKey },
      );
      return {
        id: refund.id,
        status: (refund.status ?? 'pending') as RefundStatus,
        failureReason: refund.failure_reason ?? null,
      };
    },
  };
}
