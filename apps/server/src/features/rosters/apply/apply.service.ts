import { audit } from '../../../platform/audit';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { planFor, writeDecisions } from '../reconcile/index';
import { lockDataset } from '../rosters.repository';
import { invalid, isOpen, loadDataset, statusWords } from '../rosters.service';
import * as repo from './apply.repository';
import { applyJobKey, applyView } from './apply-status';

/** Queues the apply, or holds the dataset when the plan crosses a safety threshold and nobody approved it. */
export async function requestApply(deps: AppDeps, actor: Actor, id: number, ip: string) {
  return deps.db.transaction(async (tx) => {
    const dataset = await loadDataset(deps, actor, id, tx);
    await lockDataset(tx, id);
    if (dataset.status === 'applying' || dataset.status === 'applied') {
      return { status: dataset.status, changes: dataset.summary, holds: dataset.holds };
    }
    if (!isOpen(dataset.status)) {
      throw new AppError('conflict', `This dataset is ${statusWords(dataset.status)}: it cannot be applied.`);
    }
    if (dataset.mapping !== null && dataset.mapping_confirmed_by === null) {
      throw invalid(
        'mapping',
        'Check the columns first: this format is read by its headers, so a person confirms which header is which field.',
      );
    }
    const { plan } = await planFor(tx, dataset);
    await writeDecisions(tx, id, plan, deps.clock.now());
    if (plan.blockers.length)
      throw new AppError('validation_failed', plan.blockers[0], {
        errors: { non_field_errors: plan.blockers.slice(0, 20) },
      });
    if (plan.holds.length && dataset.approved_by === null) {
      await repo.markHeld(tx, id);
      await audit(tx, {
        actorUserId: actor.userId,
        schoolId: dataset.school_id,
        action: 'hold_roster_dataset',
        entityType: 'roster_dataset',
        entityId: id,
        after: { holds: plan.holds },
        ip,
      });
      return { status: 'held' as const, changes: plan.summary, holds: plan.holds };
    }
    await repo.markQueued(tx, id, actor.userId);
    await deps.jobs.enqueue(
      'roster-apply',
      { datasetId: id, userId: actor.userId, ip },
      { tx, singletonKey: applyJobKey(id) },
    );
    return { status: 'applying' as const, changes: plan.summary, holds: plan.holds };
  });
}

/** A person approves a held dataset: its apply is queued. */
export async function approveDataset(deps: AppDeps, actor: Actor, id: number, ip: string) {
  const dataset = await loadDataset(deps, actor, id);
  if (dataset.status !== 'held') throw new AppError('conflict', 'Only a held dataset needs approval.');
  await repo.markApproved(deps.db, id, actor.userId);
  await audit(deps.db, {
    actorUserId: actor.userId,
    schoolId: dataset.school_id,
    action: 'approve_roster_dataset',
    entityType: 'roster_dataset',
    entityId: id,
    after: { holds: dataset.holds },
    ip,
  });
  return requestApply(deps, actor, id, ip);
}

/**
 * Staff retry an apply that failed, or whose job's attempts were all interrupted: the dataset is applying again and
 * a new job is queued (with fresh retries). Anything else is a 409.
 */
export async function retryApply(deps: AppDeps, actor: Actor, id: number, ip: string) {
  return deps.db.transaction(async (tx) => {
    await lockDataset(tx, id);
    const dataset = await loadDataset(deps, actor, id, tx);
    const view = await applyView(deps, dataset);
    if (!view.can_retry) {
      throw new AppError(
        'conflict',
        `This dataset is ${statusWords(view.status)}: only a failed apply can be retried.`,
      );
    }
    await repo.markApplying(tx, id, actor.userId);
    await deps.jobs.enqueue(
      'roster-apply',
      { datasetId: id, userId: actor.userId, ip },
      { tx, singletonKey: applyJobKey(id) },
    );
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: dataset.school_id,
      action: 'retry_roster_apply',
      entityType: 'roster_dataset',
      entityId: id,
      before: { status: view.status, failure: view.failure },
      ip,
    });
    return { status: 'applying' as const, changes: dataset.summary, holds: dataset.holds };
  });
}
