import type { FulfilmentReviewItem } from '@banksia/contracts/payments-checkout';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { recordPayment } from './charges';
import { releasePaidLocks } from './locks';
import { stripeHelpers, webhookSecret, WEBHOOK_TOLERANCE_SECONDS, type RefundStatus } from './providers/index';
import { settleRefund } from './refund-settlement';

/**
 * Provider webhooks (Stripe's, and the test provider's, which are the same): verified over the raw body, recorded
 * once per event id, then handled in one transaction. Events come at least once and in any order, so every handler
 * is idempotent and looks at the state it finds: `checkout.session.expired` after `completed` does nothing, a second
 * `completed` posts no second payment (the ledger's key is the session), and a `completed` whose payment is still
 * `unpaid` (a bank debit) waits for `checkout.session.async_payment_succeeded`.
 *
 * Fulfilment (the payment in the ledger, the checkout marked, the student's payment locks released) runs in a
 * savepoint: if it fails, the checkout is marked `failed` with the error for staff to review and retry
 * (`/content/admin/fulfilment-review/`), and the event is still recorded as received.
 */

export type WebhookOutcome = 'processed' | 'duplicate';

function verify(deps: AppDeps, rawBody: string, signature: string | undefined): Stripe.Event {
  if (!signature) throw new AppError('validation_failed', 'The Stripe-Signature header is missing.');
  const now = deps.clock.now().getTime();
  let event: Stripe.Event;
  try {
    event = stripeHelpers().webhooks.constructEvent(
      rawBody,
      signature,
      webhookSecret(deps),
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now,
    );
  } catch (err) {
    throw new AppError(
      'validation_failed',
      `Webhook signature verification failed: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  // The SDK refuses old timestamps only; one from the future (beyond the same tolerance) is as suspect.
  const t = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (!Number.isFinite(t) || t * 1000 - now > WEBHOOK_TOLERANCE_SECONDS * 1000) {
    throw new AppError(
      'validation_failed',
      'Webhook signature verification failed: timestamp outside the tolerance zone',
    );
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
    throw new AppError('validation_failed', 'That is not a webhook event.');
  }
  return event;
}

/** Verifies, records and handles one webhook delivery. */
export async function receiveWebhook(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = verify(deps, rawBody, signature);
  const provider = deps.config.stripe.secretKey ? 'stripe' : 'test';
  const receivedAt = deps.clock.now();
  const inserted = await deps.db.execute<{ id: string }>(sql`
    insert into payment_webhook_events (id, provider, type, event_created_at, received_at, payload)
    values (${event.id}, ${provider}, ${event.type}, ${new Date(event.created * 1000)}, ${receivedAt},
            ${rawBody}::jsonb)
    on conflict (id) do nothing returning id`);
  if (inserted.rows.length === 0) {
    const { rows } = await deps.db.execute<{ processed_at: Date | null }>(
      sql`select processed_at from payment_webhook_events where id = ${event.id}`,
    );
    // Handled already: a replay or a retry after a lost answer. One still unprocessed (a crash) is handled again.
    if (rows[0]?.processed_at) return 'duplicate';
  }
  try {
    await deps.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ processed_at: Date | null }>(
        sql`select processed_at from payment_webhook_events where id = ${event.id} for update`,
      );
      if (rows[0]?.processed_at) return;
      const note = await handleEvent(tx, deps, event);
      await tx.execute(sql`
        update payment_webhook_events set processed_at = ${deps.clock.now()}, error = ${note}
         where id = ${event.id}`);
    });
  } catch (err) {
    await deps.db.execute(sql`update payment_webhook_events set error = ${errorMessage(err)} where id = ${event.id}`);
    throw err;
  }
  return 'processed';
}

type CheckoutRow = {
  id: string;
  provider: string;
  school_id: number;
  profile_id: number;
  calendar_year: number;
  amount_cents: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: string;
  provider_payment_id: string | null;
  fulfilment: 'pending' | 'fulfilled' | 'failed' | 'needs_review';
};

async function lockCheckout(tx: Executor, id: string): Promise<CheckoutRow | null> {
  const { rows } = await tx.execute<CheckoutRow>(sql`
    select id, provider, school_id, profile_id, calendar_year, amount_cents, currency, status, payment_status,
           provider_payment_id, fulfilment
      from checkout_sessions where id = ${id} for update`);
  return rows[0] ?? null;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** Handles one event; answers a note kept with the event (why nothing was done), or null. */
async function handleEvent(tx: Executor, deps: AppDeps, event: Stripe.Event): Promise<string | null> {
  const at = deps.clock.now();
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const row = await lockCheckout(tx, session.id);
      if (!row) return `unknown checkout session ${session.id}`;
      const paymentId = idOf(session.payment_intent);
      const paymentStatus =
        event.type === 'checkout.session.async_payment_failed' ? 'unpaid' : (session.payment_status ?? 'unpaid');
      if (row.fulfilment === 'fulfilled') return 'fulfilled already';
      await tx.execute(sql`
        update checkout_sessions
           set status = 'complete', payment_status = ${paymentStatus},
               provider_payment_id = coalesce(${paymentId}, provider_payment_id),
               completed_at = coalesce(completed_at, ${at}),
               fulfilment_error = ${event.type === 'checkout.session.async_payment_failed' ? 'The payment failed.' : null}
         where id = ${row.id}`);
      if (paymentStatus === 'unpaid') return 'payment not yet received';
      await fulfilSafely(tx, row, {
        amountCents: session.amount_total ?? row.amount_cents,
        currency: (session.currency ?? row.currency).toUpperCase(),
        at,
      });
      return null;
    }
    case 'checkout.session.expired': {
      const row = await lockCheckout(tx, event.data.object.id);
      if (!row) return `unknown checkout session ${event.data.object.id}`;
      if (row.status !== 'open') return `checkout is ${row.status}: expiry ignored`;
      await tx.execute(sql`update checkout_sessions set status = 'expired' where id = ${row.id}`);
      return null;
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      await settleRefund(tx, {
        providerRefundId: refund.id,
        status: (refund.status ?? 'pending') as RefundStatus,
        failureReason: refund.failure_reason ?? null,
        at,
      });
      return null;
    }
    case 'charge.refunded': {
      for (const refund of event.data.object.refunds?.data ?? []) {
        await settleRefund(tx, {
          providerRefundId: refund.id,
          status: (refund.status ?? 'pending') as RefundStatus,
          failureReason: refund.failure_reason ?? null,
          at,
        });
      }
      return null;
    }
    default:
      return `event type ${event.type} not handled`;
  }
}

/**
 * Opens what the payment pays for: once per checkout (recordPayment's key is the session; the row is locked).
 * Called inside a savepoint by `fulfilSafely`.
 */
async function fulfil(
  tx: Executor,
  row: CheckoutRow,
  paid: { amountCents: number; currency: string; at: Date },
): Promise<void> {
  await recordPayment(tx, {
    schoolId: row.school_id,
    profileId: row.profile_id,
    calendarYear: row.calendar_year,
    currency: paid.currency,
    amountCents: paid.amountCents,
    provider: row.provider,
    checkoutSessionId: row.id,
    at: paid.at,
  });
  // The student's classes locked for want of payment reopen at once (locks.ts), in the same transaction.
  await releasePaidLocks(tx, {
    schoolId: row.school_id,
    profileId: row.profile_id,
    calendarYear: row.calendar_year,
    at: paid.at,
  });
  await tx.execute(sql`
    update checkout_sessions
       set fulfilment = 'fulfilled', fulfilment_error = null, fulfilled_at = ${paid.at},
           fulfilment_attempts = fulfilment_attempts + 1
     where id = ${row.id}`);
}

/** What went wrong, for staff: the database's own message rather than Drizzle's "Failed query: …" wrapper. */
function errorMessage(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string } };
  return String(e?.cause?.message ?? e?.message ?? err).slice(0, 2000);
}

/** Fulfils in a savepoint; a failure marks the checkout `failed` with the error instead of losing the payment. */
async function fulfilSafely(
  tx: Executor,
  row: CheckoutRow,
  paid: { amountCents: number; currency: string; at: Date },
): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => fulfil(sp, row, paid));
    return true;
  } catch (err) {
    const message = errorMessage(err);
    await tx.execute(sql`
      update checkout_sessions
         set fulfilment = 'failed', fulfilment_error = ${message}, fulfilment_attempts = fulfilment_attempts + 1
       where id = ${row.id}`);
    return false;
  }
}

/** Checkouts whose fulfilment failed or needs a person, newest first (the fulfilment review). */
export async function fulfilmentReview(deps: AppDeps): Promise<FulfilmentReviewItem[]> {
  const { rows } = await deps.db.execute<{
    id: string;
    provider: string;
    school_name: string;
    first_name: string;
    last_name: string;
    calendar_year: number;
    amount_cents: number;
    currency: string;
    payment_status: string;
    fulfilment: FulfilmentReviewItem['fulfilment'];
    fulfilment_error: string | null;
    fulfilment_attempts: number;
    completed_at: Date | string | null;
  }>(sql`
    select c.id, c.provider, s.name as school_name, u.first_name, u.last_name, c.calendar_year, c.amount_cents,
           c.currency, c.payment_status, c.fulfilment, c.fulfilment_error, c.fulfilment_attempts, c.completed_at
      from checkout_sessions c
      join schools s on s.id = c.school_id
      join profiles p on p.id = c.profile_id
      join users u on u.id = p.user_id
     where c.fulfilment in ('failed', 'needs_review')
     order by c.completed_at desc nulls last, c.id
     limit 500`);
  return rows.map((r) => ({
    checkout_session_id: r.id,
    provider: r.provider,
    school_name: r.school_name,
    student_name: `${r.first_name} ${r.last_name}`.trim(),
    calendar_year: r.calendar_year,
    amount_cents: r.amount_cents,
    currency: r.currency,
    payment_status: r.payment_status,
    fulfilment: r.fulfilment,
    fulfilment_error: r.fulfilment_error,
    fulfilment_attempts: r.fulfilment_attempts,
    completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
  }));
}

/** Staff retry a failed fulfilment: the same steps as the webhook's, once more. */
export async function retryFulfilment(
  deps: AppDeps,
  checkoutSessionId: string,
  actor: Actor,
  ip: string,
): Promise<{ fulfilment: CheckoutRow['fulfilment']; error: string | null }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockCheckout(tx, checkoutSessionId);
    if (!row) throw new AppError('not_found', 'No such checkout.');
    if (row.fulfilment === 'fulfilled') return { fulfilment: 'fulfilled', error: null };
    if (row.fulfilment === 'pending') {
      throw new AppError('conflict', 'This checkout is waiting for its payment; there is nothing to retry yet.');
    }
    if (row.status !== 'complete' || row.payment_status === 'unpaid') {
      throw new AppError('conflict', 'The provider has not reported this checkout as paid; it cannot be fulfilled.');
    }
    const at = deps.clock.now();
    const ok = await fulfilSafely(tx, row, { amountCents: row.amount_cents, currency: row.currency, at });
    const { rows } = await tx.execute<{ fulfilment: CheckoutRow['fulfilment']; fulfilment_error: string | null }>(
      sql`select fulfilment, fulfilment_error from checkout_sessions where id = ${row.id}`,
    );
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: row.school_id,
      action: 'payments.fulfilment_retried',
      entityType: 'checkout_session',
      entityId: row.id,
      before: { fulfilment: row.fulfilment },
      after: { fulfilment: rows[0]!.fulfilment, ok },
      ip,
    });
    return { fulfilment: rows[0]!.fulfilment, error: rows[0]!.fulfilment_error };
  });
}
