import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { testProviderObjects } from '../../../db/schema';
import type { Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { CheckoutRequest, PaymentProvider, ProviderCheckout, ProviderRefund, RefundRequest } from './provider';

/**
 * The built-in test provider (ADR 011): a small imitation of Stripe Checkout kept in `test_provider_objects`, apart
 * from the app's own tables as a real provider's records would be. Its checkout page (test-provider.pages.ts) takes
 * Stripe's test card numbers; on success it marks the session paid and sends the same webhook events Stripe sends,
 * signed the same way, through a job with retries (payments.jobs.ts), to the same endpoint Stripe would call.
 *
 * Every POST-like call takes an idempotency key: a repeated key answers the first answer (and a repeated key with
 * different parameters is refused, as Stripe refuses it).
 */

export type ProviderDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs' | 'secret'>;

/** Stripe's test cards that the test provider knows. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Needs the buyer to confirm a second step (3-D Secure on Stripe) before it succeeds. */
  authenticate: '4000002760003184',
} as const;

export const DECLINED_MESSAGE = 'Your card was declined.';

/** A checkout session as the test provider keeps it: Stripe's field names (amounts in cents, currency lowercase). */
export interface TestSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  amount_total: number;
  currency: string;
  client_reference_id: string;
  metadata: Record<string, string>;
  line_items: { name: string; amount: number }[];
  customer_email: string | null;
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
  expires_at: number;
  livemode: false;
  /** The test provider's own state: a card that needs a second step is waiting for it. */
  awaiting_confirmation?: boolean;
}

export interface TestPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  amount_refunded: number;
  currency: string;
  status: 'succeeded';
  latest_charge: string;
  metadata: Record<string, string>;
  created: number;
}

export interface TestRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(18).toString('base64url')}`;

/** The test provider's checkout page for a session, under the app's public URL. */
export function testCheckoutUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/test-provider/checkout/${encodeURIComponent(sessionId)}/`;
}

async function readObject<T>(db: Executor, id: string, kind: string, forUpdate = false): Promise<T | null> {
  const { rows } = await db.execute<{ data: T }>(
    sql`select data from test_provider_objects where id = ${id} and kind = ${kind} ${forUpdate ? sql`for update` : sql``}`,
  );
  return rows[0]?.data ?? null;
}

async function writeObject(db: Executor, id: string, kind: string, data: object, at: Date, create: boolean) {
  if (create) {
    await db.insert(testProviderObjects).values({
      id,
      kind: kind as 'checkout.session',
      data,
      createdAt: at,
      updatedAt: at,
    });
  } else {
    await db.update(testProviderObjects).set({ data, updatedAt: at }).where(eq(testProviderObjects.id, id));
  }
}

/**
 * Runs `make` once per idempotency key: the first answer is stored (in the same transaction as what it made) and
 * every later call with the key gets it back. Concurrent calls with one key wait for each other.
 */
async function idempotent<T>(
  deps: ProviderDeps,
  key: string,
  request: unknown,
  make: (tx: Executor, at: Date) => Promise<T>,
): Promise<T> {
  const hash = createHash('sha256').update(JSON.stringify(request)).digest('base64url');
  const id = `idem:${key}`;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`test-provider:${id}`}, 0))`);
    const seen = await readObject<{ request: string; response: T }>(tx, id, 'idempotency');
    if (seen) {
      if (seen.request !== hash) {
        throw new AppError(
          'conflict',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return seen.response;
    }
    const at = deps.clock.now();
    const response = await make(tx, at);
    await writeObject(tx, id, 'idempotency', { request: hash, response }, at, true);
    return response;
  });
}

function asCheckout(s: TestSession): ProviderCheckout {
  return {
    id: s.id,
    url: s.url,
    status: s.status,
    paymentStatus: s.payment_status,
    expiresAt: new Date(s.expires_at * 1000),
  };
}

/** Queues a Stripe-shaped event for delivery to the webhook endpoint, inside the caller's transaction. */
export async function sendTestEvent(
  tx: Executor,
  deps: ProviderDeps,
  type: string,
  object: object,
  at: Date,
): Promise<string> {
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: '2025-10-29.clover',
    created: unix(at),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  await deps.jobs.enqueue('payment-test-webhook', { body: JSON.stringify(event) }, { tx });
  return event.id;
}

export function testProvider(deps: ProviderDeps): PaymentProvider {
  return {
    name: 'test',

    createCheckoutSession: (request: CheckoutRequest) =>
      idempotent(deps, request.idempotencyKey, { op: 'checkout', ...request }, async (tx, at) => {
        const id = newId('cs');
        const session: TestSession = {
          id,
          object: 'checkout.session',
          mode: 'payment',
          amount_total: request.amountCents,
          currency: request.currency.toLowerCase(),
          client_reference_id: request.clientReferenceId,
          metadata: request.metadata,
          line_items: request.lineItems.map((l) => ({ name: l.name, amount: l.amountCents })),
          customer_email: request.customerEmail ?? null,
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: request.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
          cancel_url: request.cancelUrl,
          url: testCheckoutUrl(deps.config.publicUrl, id),
          created: unix(at),
          expires_at: unix(request.expiresAt),
          livemode: false,
        };
        await writeObject(tx, id, 'checkout.session', session, at, true);
        return asCheckout(session);
      }).then((c) => ({ ...c, expiresAt: new Date(c.expiresAt) })),

    expireCheckoutSession: ({ id, idempotencyKey }) =>
      idempotent(deps, idempotencyKey, { op: 'expire', id }, async (tx, at) => {
        const session = await readObject<TestSession>(tx, id, 'checkout.session', true);
        if (!session) throw new AppError('not_found', `No such checkout.session: ${id}`);
        if (session.status === 'open') {
          session.status = 'expired';
          session.awaiting_confirmation = false;
          await writeObject(tx, id, 'checkout.session', session, at, false);
          await sendTestEvent(tx, deps, 'checkout.session.expired', session, at);
        }
        return asCheckout(session);
      }).then((c) => ({ ...c, expiresAt: new Date(c.expiresAt) })),

    createRefund: (request: RefundRequest) =>
      idempotent(
        deps,
        request.idempotencyKey,
        { op: 'refund', ...request },
        async (tx, at): Promise<ProviderRefund> => {
          const intent = await readObject<TestPaymentIntent>(tx, request.paymentId, 'payment_intent', true);
          if (!intent) throw new AppError('not_found', `No such payment_intent: ${request.paymentId}`);
          if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
            throw new AppError('validation_failed', 'A refund is a positive whole number of cents.');
          }
          if (intent.amount_refunded + request.amountCents > intent.amount_received) {
            throw new AppError(
              'conflict',
              `Refund amount (${request.amountCents}) is greater than unrefunded amount on charge (${
                intent.amount_received - intent.amount_refunded
              }).`,
            );
          }
          intent.amount_refunded += request.amountCents;
          await writeObject(tx, intent.id, 'payment_intent', intent, at, false);
          const refund: TestRefund = {
            id: newId('re'),
            object: 'refund',
            amount: request.amountCents,
            currency: intent.currency,
            payment_intent: intent.id,
            charge: intent.latest_charge,
            status: 'succeeded',
            failure_reason: null,
            metadata: request.metadata,
            created: unix(at),
          };
          await writeObject(tx, refund.id, 'refund', refund, at, true);
          // As Stripe: `refund.created` for the refund, `charge.refunded` for the charge it refunds.
          await sendTestEvent(tx, deps, 'refund.created', refund, at);
          await sendTestEvent(
            tx,
            deps,
            'charge.refunded',
            {
              id: intent.latest_charge,
              object: 'charge',
              amount: intent.amount,
              amount_captured: intent.amount_received,
              amount_refunded: intent.amount_refunded,
              currency: intent.currency,
              payment_intent: intent.id,
              refunded: intent.amount_refunded >= intent.amount_received,
              refunds: { object: 'list', data: [refund], has_more: false },
              status: 'succeeded',
            },
            at,
          );
          return { id: refund.id, status: refund.status, failureReason: null };
        },
      ),
  };
}

// The checkout page's side: what a buyer does on the test provider's page.

/** A session as the checkout page shows it (null when there is none); an open session past its time reads expired. */
export async function readTestSession(deps: ProviderDeps, id: string): Promise<TestSession | null> {
  const session = await readObject<TestSession>(deps.db, id, 'checkout.session');
  if (session && session.status === 'open' && session.expires_at <= unix(deps.clock.now())) {
    return { ...session, status: 'expired' };
  }
  return session;
}

export type PayOutcome =
  | { outcome: 'paid'; redirect: string }
  | { outcome: 'declined'; message: string }
  | { outcome: 'needs_confirmation' }
  | { outcome: 'closed'; message: string };

/** Completes an open session as paid: a payment intent, the session marked, `checkout.session.completed` sent. */
async function completeSession(tx: Executor, deps: ProviderDeps, session: TestSession, at: Date): Promise<string> {
  const intent: TestPaymentIntent = {
    id: newId('pi'),
    object: 'payment_intent',
    amount: session.amount_total,
    amount_received: session.amount_total,
    amount_refunded: 0,
    currency: session.currency,
    status: 'succeeded',
    latest_charge: newId('ch'),
    metadata: session.metadata,
    created: unix(at),
  };
  await writeObject(tx, intent.id, 'payment_intent', intent, at, true);
  session.status = 'complete';
  session.payment_status = 'paid';
  session.payment_intent = intent.id;
  session.awaiting_confirmation = false;
  await writeObject(tx, session.id, 'checkout.session', session, at, false);
  const { awaiting_confirmation: _, ...asStripe } = session;
  await sendTestEvent(tx, deps, 'checkout.session.completed', asStripe, at);
  return session.success_url;
}

async function withOpenSession(
  deps: ProviderDeps,
  id: string,
  act: (tx: Executor, session: TestSession, at: Date) => Promise<PayOutcome>,
): Promise<PayOutcome> {
  return deps.db.transaction(async (tx) => {
    const session = await readObject<TestSession>(tx, id, 'checkout.session', true);
    if (!session) throw new AppError('not_found', 'There is no such checkout.');
    const at = deps.clock.now();
    if (session.status === 'complete') return { outcome: 'closed', message: 'This checkout has been paid already.' };
    if (session.status === 'expired' || session.expires_at <= unix(at)) {
      return { outcome: 'closed', message: 'This checkout has expired. Go back and start again.' };
    }
    return act(tx, session, at);
  });
}

/** The buyer submits a card number on the checkout page. */
export async function payTestSession(deps: ProviderDeps, id: string, cardNumber: string): Promise<PayOutcome> {
  const card = cardNumber.replace(/[\s-]/g, '');
  return withOpenSession(deps, id, async (tx, session, at) => {
    switch (card) {
      case TEST_CARDS.succeeds:
        return { outcome: 'paid', redirect: await completeSession(tx, deps, session, at) };
      case TEST_CARDS.authenticate:
        session.awaiting_confirmation = true;
        await writeObject(tx, id, 'checkout.session', session, at, false);
        return { outcome: 'needs_confirmation' };
      case TEST_CARDS.declined:
        return { outcome: 'declined', message: DECLINED_MESSAGE };
      default:
        return { outcome: 'declined', message: 'Your card number is incorrect. Use one of the test cards below.' };
    }
  });
}

/** The buyer completes (or fails) the second step a card asked for. */
export async function confirmTestSession(deps: ProviderDeps, id: string, approve: boolean): Promise<PayOutcome> {
  return withOpenSession(deps, id, async (tx, session, at) => {
    if (!session.awaiting_confirmation) {
      return { outcome: 'declined', message: 'There is no payment waiting for confirmation. Enter a card.' };
    }
    if (!approve) {
      session.awaiting_confirmation = false;
      await writeObject(tx, id, 'checkout.session', session, at, false);
      return {
        outcome: 'declined',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      };
    }
    return { outcome: 'paid', redirect: await completeSession(tx, deps, session, at) };
  });
}
