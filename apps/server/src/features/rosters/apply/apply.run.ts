import type { AppDeps } from '../../../platform/deps';
import { findDataset, lockDataset } from '../rosters.repository';
import { planFor, writeDecisions } from '../reconcile/index';
import * as repo from './apply.repository';
import { applyPlan, type ApplyRun } from './apply.steps';

/**
 * Applying a roster dataset (the `roster-apply` job, ADR 050). One transaction does it all, so a run that dies
 * (kill -9, a lost connection, a statement cancelled) leaves nothing behind and the next attempt starts from the
 * same state: the job is retried, and a dataset whose attempts are used up can be retried by staff. The statements
 * are split into chunks of APPLY_CHUNK rows so that none comes near the per-statement limit, and the job reports
 * how many records it has applied as it goes.
 */

export type { ApplyRun } from './apply.steps';

const ONLY_RUN: ApplyRun = { lastAttempt: true, progress: async () => {} };

/**
 * The job: applies the plan in one transaction for the school, writing each change with its before-image. A plan
 * that now crosses a threshold nobody approved is held instead; one that cannot be applied (a blocker) fails at once.
 * Any other failure is thrown for the job to retry; the last attempt's marks the dataset failed.
 */
export async function runApply(deps: AppDeps, datasetId: number, userId: number, ip: string, run = ONLY_RUN) {
  try {
    await deps.db.transaction(async (tx) => {
      await lockDataset(tx, datasetId);
      const dataset = await findDataset(tx, datasetId);
      // Applied by an earlier run that was taken for dead, held, or retried by hand: nothing to do.
      if (!dataset || dataset.status !== 'applying') return;
      const { plan, records } = await planFor(tx, dataset);
      await writeDecisions(tx, datasetId, plan, deps.clock.now());
      if (plan.holds.length && dataset.approved_by === null) {
        await repo.markHeld(tx, datasetId);
        return;
      }
      if (plan.blockers.length) {
        // Trying again changes nothing: failed now, for a person to fix the file.
        await repo.markFailed(tx, datasetId, plan.blockers.join(' ').slice(0, 1000));
        return;
      }
      await applyPlan(deps, tx, { dataset, plan, records, userId, ip }, run);
    });
  } catch (error) {
    if (run.lastAttempt) await repo.markFailed(deps.db, datasetId, failureMessage(error));
    throw error;
  }
}

/** What went wrong, for staff: the database's own message when a query failed. */
export function failureMessage(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string } };
  return (e.cause?.message ?? e.message ?? String(error)).slice(0, 1000);
}
