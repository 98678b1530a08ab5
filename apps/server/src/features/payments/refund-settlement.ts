import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { recordRefundPaid } from './charges';
import type { RefundStatus } from './providers/index';

export interface RefundSettlement {
  /** The provider's refund id (`re_…`), as stored on the refund when it was sent. */
  providerRefundId: string;
  status: RefundStatus;
  failureReason?: string | null;
  at: Date;
}

const FINAL: readonly string[] = ['succeeded', 'failed', 'canceled'];

/**
 * Brings a refund up to what the provider says about it: the answer of `createRefund`, or a later `refund.*` /
 * `charge.refunded` webhook. Safe to call any number of times and in any order: a refund that has reached an end
 * state keeps it (a late `pending` does not undo `succeeded`), and the ledger's `refund_paid` posting is made once
 * per refund (its idempotency key), when the refund first succeeds. Unknown refund ids are ignored (a refund made
 * at the provider by hand, not by a refund run). Call it inside the caller's transaction.
 */
export async function settleRefund(db: Executor, s: RefundSettlement): Promise<void> {
  const { rows } = await db.execute<{
    id: number;
    school_id: number;
    profile_id: number;
    calendar_year: number;
    currency: string;
    amount_cents: number;
    status: string;
    provider: string;
  }>(sql`
    select r.id, r.school_id, r.profile_id, r.calendar_year, r.currency, r.amount_cents, r.status, c.provider
      from refunds r join checkout_sessions c on c.id = r.checkout_session_id
     where r.provider_refund_id = ${s.providerRefundId}
       for update of r`);
  const refund = rows[0];
  if (!refund) return;
  if (FINAL.includes(refund.status) && refund.status !== s.status) return;
  if (refund.status !== s.status) {
    await db.execute(sql`
      update refunds set status = ${s.status}, failure_reason = ${s.failureReason ?? null}, updated_at = ${s.at}
       where id = ${refund.id}`);
  }
  if (s.status === 'succeeded') {
    await recordRefundPaid(db, {
      refundId: refund.id,
      schoolId: refund.school_id,
      profileId: refund.profile_id,
      calendarYear: refund.calendar_year,
      currency: refund.currency,
      amountCents: refund.amount_cents,
      provider: refund.provider,
      at: s.at,
    });
  }
}
