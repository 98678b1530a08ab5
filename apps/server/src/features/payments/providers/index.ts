import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentProvider } from './provider';
import { stripeProvider } from './stripe-provider';
import { testProvider, type ProviderDeps } from './test-provider';

export type { ProviderDeps } from './test-provider';
export type { PaymentProvider, RefundStatus } from './provider';
// The built-in test provider's pages and the tests pay its sessions as a buyer would.
export {
  confirmTestSession,
  payTestSession,
  readTestSession,
  TEST_CARDS,
  type PayOutcome,
  type TestSession,
} from './test-provider';

/** Stripe's default tolerance for a webhook's signature timestamp, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The payment provider (ADR 011): Stripe Checkout when STRIPE_SECRET_KEY is set, the built-in test provider otherwise. */
export function providerFor(deps: ProviderDeps): PaymentProvider {
  return deps.config.stripe.secretKey ? stripeProvider(deps.config.stripe.secretKey) : testProvider(deps);
}

/**
 * The secret webhooks are signed with: STRIPE_WEBHOOK_SECRET, or (test provider, no secret set) one derived from the
 * app's own secret, so it never needs configuring and is never the same on two installations.
 */
export function webhookSecret(deps: Pick<ProviderDeps, 'config' | 'secret'>): string {
  return (
    deps.config.stripe.webhookSecret ??
    `whsec_${createHmac('sha256', deps.secret).update('test-provider-webhooks').digest('base64url')}`
  );
}

/** A Stripe client for its offline helpers (webhook signatures); makes no request by itself. */
let offline: Stripe | undefined;
export function stripeHelpers(): Stripe {
  offline ??= new Stripe('sk_test_offline_helpers_only');
  return offline;
}

/** A Stripe-Signature header for a payload, timestamped by the app's clock (the test provider's deliveries). */
export function signWebhookPayload(deps: Pick<ProviderDeps, 'config' | 'secret' | 'clock'>, payload: string): string {
  return stripeHelpers().webhooks.generateTestHeaderString({
    payload,
    secret: webhookSecret(deps),
    timestamp: Math.floor(deps.clock.now().getTime() / 1000),
  });
}
