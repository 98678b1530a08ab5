import type { RosterStep } from '@banksia/contracts/rosters';
import { AccessStatus } from '@banksia/contracts/classes';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { newActivationCode } from '../classes/index';
import { syncChargesAndLocks } from '../payments/index';
import { queueInvitations } from '../passwords/index';
import * as repo from './rosters.apply.repository';
import { APPLY_CHUNK, type ChangeRow } from './rosters.apply.repository';
import { applyJobKey, applyView } from './rosters.apply-status';
import type { Plan, Records } from './rosters.reconcile';
import { findDataset, planFor, requireDataset, writeDecisions, type DatasetRow } from './rosters.service';

/**
 * Applying a roster dataset (the `roster-apply` job, ADR 050). One transaction does it all, so a run that dies
 * (kill -9, a lost connection, a statement cancelled) leaves nothing behind and the next attempt starts from the
 * same state: the job is retried, and a dataset whose attempts are used up can be retried by staff. The statements
 * are split into chunks of APPLY_CHUNK rows so that none comes near the per-statement limit, and the job reports
 * how many records it has applied as it goes.
 */

/** What the job tells the apply about its run. */
export interface ApplyRun {
  /** Whether a failure now is final (no retries left): then the dataset is marked failed. */
  lastAttempt: boolean;
  /** Records progress ({done, total} records of the plan) where staff can read it while the apply runs. */
  progress: (value: { done: number; total: number }) => Promise<void>;
}

const ONLY_RUN: ApplyRun = { lastAttempt: true, progress: async () => {} };

/**
 * The job: applies the plan in one transaction for the school, writing each change with its before-image. A plan
 * that now crosses a threshold nobody approved is held instead; one that cannot be applied (a blocker) fails at once.
 * Any other failure is thrown for the job to retry; the last attempt's marks the dataset failed.
 */
export async function runApply(deps: AppDeps, datasetId: number, userId: number, ip: string, run = ONLY_RUN) {
  try {
    await deps.db.transaction(async (tx) => {
      await repo.lockDataset(tx, datasetId);
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
      await applyPlan(deps, tx, dataset, plan, records, userId, ip, run);
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

/**
 * Staff retry an apply that failed, or whose job's attempts were all interrupted: the dataset is applying again and
 * a new job is queued (with fresh retries). Anything else is a 409.
 */
export async function retryApply(deps: AppDeps, actor: Actor, id: number, ip: string) {
  return deps.db.transaction(async (tx) => {
    await repo.lockDataset(tx, id);
    const dataset = await requireDataset(deps, actor, id, tx);
    const view = await applyView(deps, dataset);
    if (!view.can_retry) {
      throw new AppError(
        'conflict',
        `This dataset is ${view.status.replace('_', ' ')}: only a failed apply can be retried.`,
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

const byStep = (plan: Plan, step: RosterStep) => plan.decisions.filter((x) => x.step === step);

/** Runs `write` over `rows` APPLY_CHUNK at a time, collecting what each chunk answers. */
async function inChunks<T, R = void>(rows: T[], write: (chunk: T[]) => Promise<R[] | void>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += APPLY_CHUNK) {
    const answer = await write(rows.slice(i, i + APPLY_CHUNK));
    if (answer) out.push(...answer);
  }
  return out;
}

/** Counts the plan's records as each step is written, and reports after each step and each chunk of people. */
class Progress {
  done = 0;
  constructor(
    readonly total: number,
    private readonly run: ApplyRun,
  ) {}
  async add(n: number) {
    this.done = Math.min(this.total, this.done + n);
    await this.run.progress({ done: this.done, total: this.total });
  }
}

async function applyPlan(
  deps: AppDeps,
  tx: Executor,
  dataset: DatasetRow,
  plan: Plan,
  records: Records,
  userId: number,
  ip: string,
  run: ApplyRun,
) {
  const now = deps.clock.now();
  const schoolId = dataset.school_id;
  const changes: ChangeRow[] = [];
  const ext: Array<{ kind: string; code: string; internal_id: number; imported: Record<string, unknown> }> = [];
  const classRec = new Map(records.classes.map((c) => [c.code, c]));
  const progress = new Progress(plan.decisions.length, run);
  await progress.add(0);

  // Classes.
  const classIds = new Map<string, number>();
  const classDecisions = byStep(plan, 'school_class_reconciliation');
  const newClasses = classDecisions.filter((x) => x.action === 'create');
  const values = newClasses.map((x) => ({
    code: x.recordKey,
    title: classRec.get(x.recordKey)!.title,
    course_id: x.details.course_id,
    activation_code: newActivationCode(),
  }));
  const madeClasses = await inChunks(values, (chunk) =>
    repo.insertClasses(tx, { schoolId, calendarYear: dataset.calendar_year }, chunk),
  );
  const codeByActivation = new Map(values.map((v) => [v.activation_code, v.code]));
  for (const r of madeClasses) {
    classIds.set(codeByActivation.get(r.code)!, r.id);
    changes.push({
      entity: 'school_class',
      entity_id: r.id,
      operation: 'insert',
      before: null,
      after: { title: r.title },
    });
  }
  const classUpdates: Array<{ id: number; title: string; before: string }> = [];
  for (const x of classDecisions) {
    if (x.action === 'match' || x.action === 'update') classIds.set(x.recordKey, x.internalId!);
    if (x.action === 'update') {
      const c = (x.details.changes as Record<string, { from: string; to: string }>).title;
      if (c) classUpdates.push({ id: x.internalId!, title: c.to, before: c.from });
    }
    if (classIds.has(x.recordKey)) {
      const rec = classRec.get(x.recordKey)!;
      ext.push({
        kind: 'class',
        code: x.recordKey,
        internal_id: classIds.get(x.recordKey)!,
        imported: { title: rec.title },
      });
    }
  }
  await inChunks(classUpdates, (chunk) => repo.updateClassTitles(tx, schoolId, chunk));
  for (const u of classUpdates) {
    changes.push({
      entity: 'school_class',
      entity_id: u.id,
      operation: 'update',
      before: { title: u.before },
      after: { title: u.title },
    });
  }
  await progress.add(classDecisions.length);

  // People.
  const profileIds = { teacher: new Map<string, number>(), student: new Map<string, number>() };
  const invite: number[] = [];
  for (const kind of ['teacher', 'student'] as const) {
    const step: RosterStep = kind === 'teacher' ? 'teacher_reconciliation' : 'student_reconciliation';
    const recs = new Map((kind === 'teacher' ? records.teachers : records.students).map((p) => [p.code, p]));
    const decisions = byStep(plan, step);
    const fresh = decisions.filter((x) => x.action === 'create');
    const joining = decisions.filter((x) => x.action === 'match' && x.internalId === null && x.details.user_id);
    // New accounts: the file's email, or a reserved address that is never mailed (the school has not given one).
    const userRows = fresh.map((x) => {
      const p = recs.get(x.recordKey)!;
      const email =
        p.email ?? `${x.recordKey.toLowerCase().replace(/[^a-z0-9._-]/g, '-')}.${kind}.${schoolId}@roster.invalid`;
      return { code: x.recordKey, email, first_name: p.firstName, last_name: p.lastName };
    });
    const userIdByCode = new Map<string, number>();
    await inChunks(userRows, async (chunk) => {
      const made = await repo.insertUsers(tx, chunk);
      const byEmail = new Map(made.map((r) => [r.email, r.id]));
      for (const u of chunk) {
        const id = byEmail.get(u.email)!;
        userIdByCode.set(u.code, id);
        changes.push({ entity: 'user', entity_id: id, operation: 'insert', before: null, after: { email: u.email } });
        if (!u.email.endsWith('@roster.invalid')) invite.push(id);
      }
      await repo.grantRole(
        tx,
        made.map((r) => r.id),
        kind,
        userId,
      );
      // Half of each new person's work is their account, half their profile below.
      await progress.add(chunk.length / 2);
    });
    for (const x of joining) userIdByCode.set(x.recordKey, x.details.user_id as number);
    if (joining.length) {
      await inChunks(
        joining.map((x) => x.details.user_id as number),
        (chunk) => repo.grantRole(tx, chunk, kind, userId),
      );
    }
    const profileRows = [...userIdByCode].map(([code, uid]) => ({ code, user_id: uid }));
    const codeByUser = new Map(profileRows.map((r) => [r.user_id, r.code]));
    await inChunks(profileRows, async (chunk) => {
      for (const m of await repo.insertProfiles(tx, { schoolId, kind }, chunk)) {
        profileIds[kind].set(codeByUser.get(m.user_id)!, m.id);
        changes.push({
          entity: 'profile',
          entity_id: m.id,
          operation: 'insert',
          before: null,
          after: { user_id: m.user_id },
        });
      }
      await progress.add(chunk.length / 2);
    });
    const nameUpdates: Array<{
      user_id: number;
      first_name: string;
      last_name: string;
      before: Record<string, string>;
    }> = [];
    for (const x of decisions) {
      if ((x.action === 'match' || x.action === 'update') && x.internalId)
        profileIds[kind].set(x.recordKey, x.internalId);
      if (x.action === 'update') {
        const c = x.details.changes as Record<string, { from: string; to: string }>;
        nameUpdates.push({
          user_id: x.details.user_id as number,
          first_name: c.first_name?.to ?? '',
          last_name: c.last_name?.to ?? '',
          before: { first_name: c.first_name?.from ?? '', last_name: c.last_name?.from ?? '' },
        });
      }
    }
    await inChunks(nameUpdates, (chunk) => repo.updateNames(tx, chunk));
    for (const n of nameUpdates) {
      changes.push({
        entity: 'user',
        entity_id: n.user_id,
        operation: 'update',
        before: n.before,
        after: { first_name: n.first_name, last_name: n.last_name },
      });
    }
    for (const [code, id] of profileIds[kind]) {
      const p = recs.get(code);
      if (p)
        ext.push({
          kind,
          code,
          internal_id: id,
          imported: { first_name: p.firstName, last_name: p.lastName, email: p.email, year_level: p.yearLevel },
        });
    }
    await progress.add(decisions.length - fresh.length);
  }
  if (invite.length) await queueInvitations(deps, tx, invite, schoolId);

  // External ids, with before-images of the ones replaced.
  const idRows = await inChunks(ext, (chunk) =>
    repo.upsertExternalIds(tx, { schoolId, datasetId: dataset.id, now }, chunk),
  );
  for (const r of idRows) {
    changes.push(
      r.old_internal_id === null
        ? { entity: 'external_id', entity_id: r.id, operation: 'insert', before: null, after: { code: r.code } }
        : {
            entity: 'external_id',
            entity_id: r.id,
            operation: 'update',
            before: { internal_id: r.old_internal_id, imported: r.old_imported },
            after: { internal_id: r.internal_id },
          },
    );
  }

  // Roles: enrolments (UPLOADED in, REMOVED out) and class teachers.
  const roles = byStep(plan, 'role_reconciliation');
  const newEnrolments: Array<{ class_id: number; profile_id: number }> = [];
  const newLinks: Array<{ class_id: number; profile_id: number }> = [];
  for (const x of roles) {
    if (x.action !== 'create') continue;
    const classId = classIds.get(x.details.class_code as string);
    const role = x.details.role as 'teacher' | 'student';
    const profileId = profileIds[role].get(x.details.person_code as string);
    if (!classId || !profileId) continue;
    (role === 'teacher' ? newLinks : newEnrolments).push({ class_id: classId, profile_id: profileId });
  }
  const statusChange = async (ids: number[], to: number) => {
    await inChunks(ids, async (chunk) => {
      for (const r of await repo.setEnrolmentStatus(tx, { schoolId, now }, chunk, to))
        changes.push({
          entity: 'enrolment',
          entity_id: r.id,
          operation: 'update',
          before: { access_status: r.before },
          after: { access_status: to },
        });
      await progress.add(chunk.length);
    });
  };
  await inChunks(newEnrolments, async (chunk) => {
    for (const r of await repo.upsertEnrolments(tx, { schoolId, now }, chunk)) {
      changes.push(
        r.before === null
          ? {
              entity: 'enrolment',
              entity_id: r.id,
              operation: 'insert',
              before: null,
              after: { access_status: AccessStatus.UPLOADED },
            }
          : {
              entity: 'enrolment',
              entity_id: r.id,
              operation: 'update',
              before: { access_status: r.before },
              after: { access_status: AccessStatus.UPLOADED },
            },
      );
    }
    await progress.add(chunk.length);
  });
  await statusChange(
    roles.filter((x) => x.action === 'update' && x.internalId).map((x) => x.internalId!),
    AccessStatus.UPLOADED,
  );
  await statusChange(
    roles.filter((x) => x.action === 'remove' && x.internalId).map((x) => x.internalId!),
    AccessStatus.REMOVED,
  );
  await inChunks(newLinks, (chunk) => repo.insertTeacherLinks(tx, schoolId, chunk));
  for (const l of newLinks)
    changes.push({ entity: 'class_teacher', entity_id: l.class_id, operation: 'insert', before: null, after: l });
  const goneLinks = roles
    .filter((x) => x.action === 'remove' && x.recordKey.startsWith('existing-teacher:'))
    .map((x) => ({ class_id: x.details.class_id as number, profile_id: x.details.profile_id as number }));
  await inChunks(goneLinks, (chunk) => repo.deleteTeacherLinks(tx, schoolId, chunk));
  for (const l of goneLinks)
    changes.push({ entity: 'class_teacher', entity_id: l.class_id, operation: 'delete', before: l, after: null });

  await inChunks(changes, (chunk) => repo.insertChanges(tx, { datasetId: dataset.id, schoolId, now }, chunk));
  // What each student owes follows the roster (docs/payments.md): charges and credits in this transaction.
  await syncChargesAndLocks(tx, { schoolId, calendarYear: dataset.calendar_year, at: now, actorUserId: userId });
  await repo.markApplied(tx, dataset.id, now);
  await audit(tx, {
    actorUserId: userId,
    schoolId,
    action: 'apply_roster_dataset',
    entityType: 'roster_dataset',
    entityId: dataset.id,
    after: { summary: plan.summary, changes: changes.length, invited: invite.length },
    ip,
  });
  await progress.add(plan.decisions.length);
}
