import type { RefundRun, RefundRunsList } from '@banksia/contracts/payments-admin';
import { sql } from 'drizzle-orm';
import { refundRuns, refunds } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { providerFor } from './providers/index';
import { settleRefund } from './refund-settlement';
import * as repo from './refund-runs.repository';

/**
 * Refund runs (docs/payments.md): a draft takes every refund owed for a year that no other run holds, split across
 * the student's payments (newest first) so no refund passes what is left of its payment; a second person approves it
 * (the creator cannot: the service refuses, and a check constraint too); sending asks the provider for each refund
 * with its own idempotency key, then settles it from the answer (the ledger's `refund_paid` posts on success).
 */

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function totalsOf(items: { currency: string; amount_cents: number }[]) {
  const map = new Map<string, number>();
  for (const r of items) map.set(r.currency, (map.get(r.currency) ?? 0) + r.amount_cents);
  return [...map.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount_cents]) => ({ currency, amount_cents }));
}

function present(run: repo.RunRow, lines: repo.RefundRow[]): RefundRun {
  const mine = lines.filter((l) => l.run_id === run.id);
  return {
    id: run.id,
    calendar_year: run.calendar_year,
    status: run.status,
    created_by: run.created_by,
    created_by_name: run.created_by_name,
    created_at: iso(run.created_at)!,
    approved_by: run.approved_by,
    approved_by_name: run.approved_by_name,
    approved_at: iso(run.approved_at),
    sent_at: iso(run.sent_at),
    totals: totalsOf(mine.filter((l) => l.status !== 'canceled' && l.status !== 'failed')),
    refunds: mine.map((l) => ({
      id: l.id,
      profile_id: l.profile_id,
      school_name: l.school_name,
      student_name: l.student_name,
      checkout_session_id: l.checkout_session_id,
      amount_cents: l.amount_cents,
      currency: l.currency,
      status: l.status,
      failure_reason: l.failure_reason,
    })),
  };
}

async function runById(db: Executor, runId: number): Promise<RefundRun> {
  const run = await repo.findRun(db, runId);
  if (!run) throw new AppError('not_found', 'No such refund run.');
  return present(run, await repo.refundsOfRuns(db, [runId]));
}

export async function listRuns(deps: AppDeps, calendarYear: number): Promise<RefundRunsList> {
  const [runs, available] = await Promise.all([
    repo.runsOfYear(deps.db, calendarYear),
    repo.refundsAvailable(deps.db, calendarYear),
  ]);
  const lines = await repo.refundsOfRuns(
    deps.db,
    runs.map((r) => r.id),
  );
  return {
    calendar_year: calendarYear,
    available: {
      students: new Set(available.map((a) => a.profile_id)).size,
      totals: totalsOf(available.map((a) => ({ currency: a.currency, amount_cents: a.available }))),
    },
    runs: runs.map((r) => present(r, lines)),
  };
}

const lockYear = (db: Executor, calendarYear: number) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`refund-runs:${calendarYear}`}, 0))`);

/** Makes a draft run of every refund owed for the year that no other run holds. 409 when there is none. */
export async function createRun(deps: AppDeps, actor: Actor, calendarYear: number, ip: string): Promise<RefundRun> {
  return deps.db.transaction(async (tx) => {
    await lockYear(tx, calendarYear);
    const owed = await repo.refundsAvailable(tx, calendarYear);
    const payments = await repo.refundablePayments(
      tx,
      calendarYear,
      owed.map((o) => o.profile_id),
    );
    const at = deps.clock.now();
    const lines: Array<{ owed: (typeof owed)[number]; sessionId: string; amount: number }> = [];
    for (const o of owed) {
      let left = o.available;
      for (const p of payments) {
        if (left <= 0) break;
        if (p.profile_id !== o.profile_id || p.currency !== o.currency || p.remaining <= 0) continue;
        const amount = Math.min(left, p.remaining);
        p.remaining -= amount;
        left -= amount;
        lines.push({ owed: o, sessionId: p.checkout_session_id, amount });
      }
    }
    if (lines.length === 0) {
      throw new AppError(
        'conflict',
        `No refund owed for ${calendarYear} is waiting for a run (or none was paid through a checkout).`,
      );
    }
    const [run] = await tx
      .insert(refundRuns)
      .values({ calendarYear, status: 'draft', createdBy: actor.userId, createdAt: at })
      .returning({ id: refundRuns.id });
    await tx.insert(refunds).values(
      lines.map((l) => ({
        runId: run!.id,
        schoolId: l.owed.school_id,
        profileId: l.owed.profile_id,
        calendarYear,
        checkoutSessionId: l.sessionId,
        amountCents: l.amount,
        currency: l.owed.currency,
        status: 'draft' as const,
        idempotencyKey: `refund-run:${run!.id}:${l.sessionId}`,
        createdAt: at,
        updatedAt: at,
      })),
    );
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'create_refund_run',
      entityType: 'refund_run',
      entityId: run!.id,
      after: {
        calendar_year: calendarYear,
        refunds: lines.length,
        totals: totalsOf(lines.map((l) => ({ currency: l.owed.currency, amount_cents: l.amount }))),
      },
      ip,
    });
    return runById(tx, run!.id);
  });
}

/** A second person approves a draft run; its creator cannot. */
export async function approveRun(deps: AppDeps, actor: Actor, runId: number, ip: string): Promise<RefundRun> {
  return deps.db.transaction(async (tx) => {
    const run = await repo.findRun(tx, runId, true);
    if (!run) throw new AppError('not_found', 'No such refund run.');
    if (run.status !== 'draft') throw new AppError('conflict', `This run is ${run.status}, so it cannot be approved.`);
    if (run.created_by === actor.userId) {
      throw new AppError('conflict', 'A second person must approve a refund run: you created this one.');
    }
    await tx.execute(sql`
      update refund_runs set status = 'approved', approved_by = ${actor.userId}, approved_at = ${deps.clock.now()}
       where id = ${runId}`);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'approve_refund_run',
      entityType: 'refund_run',
      entityId: runId,
      before: { status: 'draft' },
      after: { status: 'approved' },
      ip,
    });
    return runById(tx, runId);
  });
}

/** Cancels a run not yet sent: its refunds are canceled, so the money they held is owed again. */
export async function cancelRun(deps: AppDeps, actor: Actor, runId: number, ip: string): Promise<RefundRun> {
  return deps.db.transaction(async (tx) => {
    const run = await repo.findRun(tx, runId, true);
    if (!run) throw new AppError('not_found', 'No such refund run.');
    if (run.status !== 'draft' && run.status !== 'approved') {
      throw new AppError('conflict', `This run is ${run.status}, so it cannot be canceled.`);
    }
    const at = deps.clock.now();
    await tx.execute(sql`update refund_runs set status = 'canceled' where id = ${runId}`);
    await tx.execute(
      sql`update refunds set status = 'canceled', updated_at = ${at} where run_id = ${runId} and status = 'draft'`,
    );
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'cancel_refund_run',
      entityType: 'refund_run',
      entityId: runId,
      before: { status: run.status },
      after: { status: 'canceled' },
      ip,
    });
    return runById(tx, runId);
  });
}

/**
 * Sends an approved run: each refund not yet sent goes to the provider with its idempotency key (a retry after a
 * crash or timeout gets the provider's first answer, never a second refund), then is settled from the answer. A
 * provider's refusal marks that refund failed with its reason; the money stays owed for a later run.
 */
export async function sendRun(deps: AppDeps, actor: Actor, runId: number, ip: string): Promise<RefundRun> {
  await deps.db.transaction(async (tx) => {
    const run = await repo.findRun(tx, runId, true);
    if (!run) throw new AppError('not_found', 'No such refund run.');
    if (run.status !== 'approved' && run.status !== 'sending') {
      throw new AppError(
        'conflict',
        run.status === 'draft'
          ? 'A second person must approve this run before it is sent.'
          : `This run is ${run.status}.`,
      );
    }
    await tx.execute(sql`update refund_runs set status = 'sending' where id = ${runId}`);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'send_refund_run',
      entityType: 'refund_run',
      entityId: runId,
      before: { status: run.status },
      after: { status: 'sending' },
      ip,
    });
  });
  const provider = providerFor(deps);
  const pending = (await repo.refundsOfRuns(deps.db, [runId])).filter(
    (r) => r.status === 'draft' && r.provider_refund_id === null,
  );
  for (const refund of pending) {
    try {
      if (!refund.provider_payment_id) throw new Error('The payment has no provider payment id to refund.');
      const answer = await provider.createRefund({
        idempotencyKey: refund.idempotency_key,
        paymentId: refund.provider_payment_id,
        amountCents: refund.amount_cents,
        metadata: { refund_id: String(refund.id), refund_run_id: String(runId) },
      });
      await deps.db.transaction(async (tx) => {
        const at = deps.clock.now();
        await tx.execute(sql`
          update refunds set provider_refund_id = ${answer.id}, status = 'pending', updated_at = ${at}
           where id = ${refund.id} and provider_refund_id is null`);
        await settleRefund(tx, {
          providerRefundId: answer.id,
          status: answer.status,
          failureReason: answer.failureReason ?? null,
          at,
        });
      });
    } catch (error) {
      const reason = (error as { message?: string }).message?.slice(0, 500) ?? 'The provider refused the refund.';
      await deps.db.execute(sql`
        update refunds set status = 'failed', failure_reason = ${reason}, updated_at = ${deps.clock.now()}
         where id = ${refund.id} and status = 'draft'`);
    }
  }
  return deps.db.transaction(async (tx) => {
    await repo.findRun(tx, runId, true);
    const { rows } = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from refunds where run_id = ${runId} and status = 'draft'`,
    );
    if ((rows[0]?.n ?? 0) === 0) {
      await tx.execute(sql`
        update refund_runs set status = 'sent', sent_at = ${deps.clock.now()} where id = ${runId} and status = 'sending'`);
    }
    return runById(tx, runId);
  });
}
