/**
 * The payment provider adapter (ADR 011): Stripe Checkout when `STRIPE_SECRET_KEY` is set, otherwise the built-in
 * test provider, which has its own checkout page and calls back exactly as Stripe does (the same event types, signed
 * with a `Stripe-Signature` header). The rest of the payments feature sees only this interface.
 *
 * Every call carries an idempotency key: the provider answers a repeated key with its first answer, so a retry after
 * a timeout never makes a second session or refund.
 */

export type ProviderName = 'test' | 'stripe';

export interface CheckoutRequest {
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  /** One line per class being paid for. */
  lineItems: { name: string; amountCents: number }[];
  successUrl: string;
  cancelUrl: string;
  /** Our reference (the payment link code), echoed back on the session. */
  clientReferenceId: string;
  metadata: Record<string, string>;
  expiresAt: Date;
  customerEmail?: string | null;
}

export interface ProviderCheckout {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid' | 'no_payment_required';
  expiresAt: Date;
}

export interface RefundRequest {
  idempotencyKey: string;
  /** The provider's payment (Stripe: the payment intent) being refunded, in part or whole. */
  paymentId: string;
  amountCents: number;
  metadata: Record<string, string>;
}

export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export interface ProviderRefund {
  id: string;
  status: RefundStatus;
  failureReason?: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(request: CheckoutRequest): Promise<ProviderCheckout>;
  /**
   * Expires an open session (Stripe: `POST /v1/checkout/sessions/{id}/expire`), so it can no longer be paid; the
   * provider then sends `checkout.session.expired`. A session already complete or expired is answered as it is.
   */
  expireCheckoutSession(request: { id: string; idempotencyKey: string }): Promise<ProviderCheckout>;
  createRefund(request: RefundRequest): Promise<ProviderRefund>;
}
