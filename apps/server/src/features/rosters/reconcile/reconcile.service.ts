import type { RosterStep, RosterStepReport } from '@banksia/contracts/rosters';
import type { rosterOverrideBody } from '@banksia/contracts/rosters';
import type { z } from 'zod';
import { audit } from '../../../platform/audit';
import type { Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { presentDataset } from '../rosters.presenter';
import { findDataset } from '../rosters.repository';
import { invalid, isOpen, loadDataset, statusWords } from '../rosters.service';
import type { Plan, Records } from './plan.types';
import { reconcile } from './reconcile';
import { presentStepReport } from './reconcile.presenter';
import * as repo from './reconcile.repository';

function emailsOf(records: Records) {
  return [...records.teachers, ...records.students].map((p) => p.email).filter((e): e is string => !!e);
}

/** The plan of a dataset as things stand now: its records (or `records`), the school's state and people's overrides. */
export async function planFor(
  db: Executor,
  dataset: { id: number; school_id: number; calendar_year: number },
  records?: Records,
) {
  const recs = records ?? (await repo.loadRecords(db, dataset.id));
  const overrides = await repo.loadOverrides(db, dataset.id);
  const state = await repo.loadState(db, {
    schoolId: dataset.school_id,
    calendarYear: dataset.calendar_year,
    emails: emailsOf(recs),
  });
  return { plan: reconcile(recs, state, overrides), records: recs, state };
}

/** Whether two JSON values are equal, whatever the order of their keys (jsonb gives them back in its own order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // A key holding undefined is not written to jsonb at all.
  const keys = Object.keys(x).filter((k) => x[k] !== undefined);
  return (
    keys.length === Object.keys(y).filter((k) => y[k] !== undefined).length && keys.every((k) => sameJson(x[k], y[k]))
  );
}

/** Whether the stored decisions are already this plan's (the plan is worked out again at apply, approve and the job). */
async function sameDecisions(db: Executor, datasetId: number, plan: Plan): Promise<boolean> {
  const stored = await repo.storedDecisions(db, datasetId);
  if (stored.length !== plan.decisions.length) return false;
  return stored.every((r, i) => {
    const x = plan.decisions[i]!;
    return (
      r.step === x.step &&
      r.record_key === x.recordKey &&
      r.action === x.action &&
      r.method === x.method &&
      r.internal_id === x.internalId &&
      r.suggestion_id === x.suggestionId &&
      r.decided_by === x.decidedBy &&
      sameJson(r.details, x.details)
    );
  });
}

/** Stores the plan's decisions (unless they are already stored), summary and holds with the dataset. */
export async function writeDecisions(db: Executor, datasetId: number, plan: Plan, now: Date) {
  // Rewriting 12,000 decisions costs a second on a busy machine; reading them back to compare, a tenth of that.
  if (!(await sameDecisions(db, datasetId, plan))) await repo.replaceDecisions(db, datasetId, plan.decisions, now);
  await repo.writePlanSummary(db, datasetId, plan);
}

async function candidatesFor(db: Executor, step: RosterStep, schoolId: number, year: number) {
  if (step === 'school_class_reconciliation') return repo.classCandidates(db, schoolId, year);
  return repo.personCandidates(db, schoolId, step === 'teacher_reconciliation' ? 'teacher' : 'student');
}

/** One step's report for a dataset: per record, what applying does and how it matched (also for printable pages). */
export async function stepReport(db: Executor, datasetId: number, step: RosterStep): Promise<RosterStepReport> {
  const rows = await repo.stepDecisions(db, datasetId, step);
  const ds = await repo.datasetSchoolYear(db, datasetId);
  const candidates =
    step === 'role_reconciliation' || !ds ? [] : await candidatesFor(db, step, ds.school_id, ds.calendar_year);
  return presentStepReport(datasetId, step, rows, candidates);
}

export async function getStep(deps: AppDeps, actor: Actor, id: number, step: RosterStep) {
  await loadDataset(deps, actor, id);
  return stepReport(deps.db, id, step);
}

type OverrideBody = z.infer<typeof rosterOverrideBody>;

/** Refuses an override the dataset, step or record does not allow; answers the record's decision as it was. */
async function checkOverride(
  tx: Executor,
  dataset: { id: number; status: string; school_id: number; calendar_year: number },
  step: RosterStep,
  decisionId: number,
  body: OverrideBody,
) {
  if (!isOpen(dataset.status)) {
    throw new AppError(
      'conflict',
      `This dataset is ${statusWords(dataset.status)}: its decisions can no longer change.`,
    );
  }
  if (step === 'role_reconciliation')
    throw invalid('step', 'Roles follow the other steps: change a class, teacher or student.');
  const decision = await repo.findDecision(tx, dataset.id, step, decisionId);
  if (!decision) throw new AppError('not_found', 'No such decision.');
  if (decision.record_key.startsWith('existing'))
    throw invalid('action', 'Only records of the file can be overridden.');
  if (body.action === 'match') {
    if (!body.internal_id) throw invalid('internal_id', 'Choose what the record matches.');
    const candidates = await candidatesFor(tx, step, dataset.school_id, dataset.calendar_year);
    if (!candidates.some((c) => c.id === body.internal_id))
      throw invalid('internal_id', 'No such record at this school.');
  }
  if (body.course_id && !(await repo.courseExists(tx, body.course_id))) throw invalid('course_id', 'No such course.');
  return decision;
}

/** A person's decision for one record (match to a chosen row, create, leave); the plan is worked out again. */
export async function overrideDecision(
  deps: AppDeps,
  actor: Actor,
  id: number,
  step: RosterStep,
  decisionId: number,
  body: OverrideBody,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const dataset = await loadDataset(deps, actor, id, tx);
    const decision = await checkOverride(tx, dataset, step, decisionId, body);
    const now = deps.clock.now();
    await repo.overrideDecisionRow(tx, decisionId, {
      action: body.action,
      internalId: body.internal_id ?? null,
      courseId: body.course_id ?? null,
      userId: actor.userId,
      now,
    });
    const { plan } = await planFor(tx, dataset);
    await writeDecisions(tx, id, plan, now);
    await repo.reopenDataset(tx, id);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: dataset.school_id,
      action: 'override_roster_decision',
      entityType: 'roster_dataset',
      entityId: id,
      before: { step, record_key: decision.record_key, action: decision.action },
      after: { step, record_key: decision.record_key, ...body },
      ip,
    });
    return stepReport(tx, id, step);
  });
}

/**
 * A person confirms how the headers of a header-mapped upload (FirstClass, Griddle, Timetabler before 9) were read;
 * until then it cannot be applied. A wrong mapping is fixed by renaming the file's headers and uploading it again.
 */
export async function confirmMapping(deps: AppDeps, actor: Actor, id: number, ip: string) {
  const dataset = await loadDataset(deps, actor, id);
  if (dataset.mapping === null) throw new AppError('conflict', 'This dataset was not read by header names.');
  if (!isOpen(dataset.status)) {
    throw new AppError('conflict', `This dataset is ${statusWords(dataset.status)}: nothing to confirm.`);
  }
  await deps.db.transaction(async (tx) => {
    await repo.markMappingConfirmed(tx, id, actor.userId);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: dataset.school_id,
      action: 'confirm_roster_mapping',
      entityType: 'roster_dataset',
      entityId: id,
      after: { mapping: dataset.mapping },
      ip,
    });
  });
  return presentDataset((await findDataset(deps.db, id))!);
}
