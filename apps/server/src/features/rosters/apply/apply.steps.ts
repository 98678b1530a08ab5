import type { RosterStep } from '@banksia/contracts/rosters';
import { AccessStatus } from '@banksia/contracts/classes';
import { audit } from '../../../platform/audit';
import type { Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { newActivationCode } from '../../classes/index';
import { syncChargesAndLocks } from '../../payments/index';
import { queueInvitations } from '../../passwords/index';
import type { Plan, Records } from '../reconcile/index';
import type { DatasetRow } from '../rosters.repository';
import * as repo from './apply.repository';
import { APPLY_CHUNK, type ChangeRow } from './apply.repository';

/** The steps of applying a plan (apply.run.ts runs them in one transaction): classes, people, codes, roles. */

/** What the job tells the apply about its run. */
export interface ApplyRun {
  /** Whether a failure now is final (no retries left): then the dataset is marked failed. */
  lastAttempt: boolean;
  /** Records progress ({done, total} records of the plan) where staff can read it while the apply runs. */
  progress: (value: { done: number; total: number }) => Promise<void>;
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

type PersonKind = 'teacher' | 'student';

/** What the steps share: the plan, and what the apply has written so far. */
interface ApplyContext {
  deps: AppDeps;
  tx: Executor;
  dataset: DatasetRow;
  plan: Plan;
  records: Records;
  userId: number;
  schoolId: number;
  now: Date;
  progress: Progress;
  /** Every change with its before-image, for rollback. */
  changes: ChangeRow[];
  /** The school's codes of the file, with what was imported under them. */
  ext: Array<{ kind: string; code: string; internal_id: number; imported: Record<string, unknown> }>;
  classIds: Map<string, number>;
  profileIds: Record<PersonKind, Map<string, number>>;
  /** New accounts with a real email, invited once the people are written. */
  invite: number[];
}

export interface ApplyInput {
  dataset: DatasetRow;
  plan: Plan;
  records: Records;
  userId: number;
  ip: string;
}

export async function applyPlan(deps: AppDeps, tx: Executor, input: ApplyInput, run: ApplyRun) {
  const { dataset, plan, userId } = input;
  const ctx: ApplyContext = {
    deps,
    tx,
    dataset,
    plan,
    records: input.records,
    userId,
    schoolId: dataset.school_id,
    now: deps.clock.now(),
    progress: new Progress(plan.decisions.length, run),
    changes: [],
    ext: [],
    classIds: new Map(),
    profileIds: { teacher: new Map(), student: new Map() },
    invite: [],
  };
  await ctx.progress.add(0);
  await applyClasses(ctx);
  for (const kind of ['teacher', 'student'] as const) await applyPeople(ctx, kind);
  if (ctx.invite.length) await queueInvitations(deps, tx, ctx.invite, ctx.schoolId);
  await applyExternalIds(ctx);
  await applyRoles(ctx);
  await finishApply(ctx, input.ip);
}

/** Classes: new ones created, titles updated, and each class's code kept. */
async function applyClasses(ctx: ApplyContext) {
  const { tx, schoolId, changes, classIds } = ctx;
  const classRec = new Map(ctx.records.classes.map((c) => [c.code, c]));
  const classDecisions = byStep(ctx.plan, 'school_class_reconciliation');
  const newClasses = classDecisions.filter((x) => x.action === 'create');
  const values = newClasses.map((x) => ({
    code: x.recordKey,
    title: classRec.get(x.recordKey)!.title,
    course_id: x.details.course_id,
    activation_code: newActivationCode(),
  }));
  const madeClasses = await inChunks(values, (chunk) =>
    repo.insertClasses(tx, { schoolId, calendarYear: ctx.dataset.calendar_year }, chunk),
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
      ctx.ext.push({
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
  await ctx.progress.add(classDecisions.length);
}

/** Teachers or students: accounts and profiles created, accounts joining, names updated, codes kept. */
async function applyPeople(ctx: ApplyContext, kind: PersonKind) {
  const step: RosterStep = kind === 'teacher' ? 'teacher_reconciliation' : 'student_reconciliation';
  const recs = new Map((kind === 'teacher' ? ctx.records.teachers : ctx.records.students).map((p) => [p.code, p]));
  const decisions = byStep(ctx.plan, step);
  const fresh = decisions.filter((x) => x.action === 'create');
  const joining = decisions.filter((x) => x.action === 'match' && x.internalId === null && x.details.user_id);
  const userIdByCode = await createAccounts(ctx, kind, fresh, recs);
  for (const x of joining) userIdByCode.set(x.recordKey, x.details.user_id as number);
  if (joining.length) {
    await inChunks(
      joining.map((x) => x.details.user_id as number),
      (chunk) => repo.grantRole(ctx.tx, chunk, kind, ctx.userId),
    );
  }
  await addProfiles(ctx, kind, userIdByCode);
  await updateNames(ctx, kind, decisions);
  for (const [code, id] of ctx.profileIds[kind]) {
    const p = recs.get(code);
    if (p)
      ctx.ext.push({
        kind,
        code,
        internal_id: id,
        imported: { first_name: p.firstName, last_name: p.lastName, email: p.email, year_level: p.yearLevel },
      });
  }
  await ctx.progress.add(decisions.length - fresh.length);
}

/** New accounts: the file's email, or a reserved address that is never mailed (the school has not given one). */
async function createAccounts(
  ctx: ApplyContext,
  kind: PersonKind,
  fresh: Plan['decisions'],
  recs: Map<string, Records['students'][number]>,
): Promise<Map<string, number>> {
  const userRows = fresh.map((x) => {
    const p = recs.get(x.recordKey)!;
    const email =
      p.email ?? `${x.recordKey.toLowerCase().replace(/[^a-z0-9._-]/g, '-')}.${kind}.${ctx.schoolId}@roster.invalid`;
    return { code: x.recordKey, email, first_name: p.firstName, last_name: p.lastName };
  });
  const userIdByCode = new Map<string, number>();
  await inChunks(userRows, async (chunk) => {
    const made = await repo.insertUsers(ctx.tx, chunk);
    const byEmail = new Map(made.map((r) => [r.email, r.id]));
    for (const u of chunk) {
      const id = byEmail.get(u.email)!;
      userIdByCode.set(u.code, id);
      ctx.changes.push({ entity: 'user', entity_id: id, operation: 'insert', before: null, after: { email: u.email } });
      if (!u.email.endsWith('@roster.invalid')) ctx.invite.push(id);
    }
    await repo.grantRole(
      ctx.tx,
      made.map((r) => r.id),
      kind,
      ctx.userId,
    );
    // Half of each new person's work is their account, half their profile below.
    await ctx.progress.add(chunk.length / 2);
  });
  return userIdByCode;
}

/** Profiles at the school for the new and joining accounts. */
async function addProfiles(ctx: ApplyContext, kind: PersonKind, userIdByCode: Map<string, number>) {
  const profileRows = [...userIdByCode].map(([code, uid]) => ({ code, user_id: uid }));
  const codeByUser = new Map(profileRows.map((r) => [r.user_id, r.code]));
  await inChunks(profileRows, async (chunk) => {
    for (const m of await repo.insertProfiles(ctx.tx, { schoolId: ctx.schoolId, kind }, chunk)) {
      ctx.profileIds[kind].set(codeByUser.get(m.user_id)!, m.id);
      ctx.changes.push({
        entity: 'profile',
        entity_id: m.id,
        operation: 'insert',
        before: null,
        after: { user_id: m.user_id },
      });
    }
    await ctx.progress.add(chunk.length / 2);
  });
}

/** Matched people keep their profiles; updated ones get the file's names. */
async function updateNames(ctx: ApplyContext, kind: PersonKind, decisions: Plan['decisions']) {
  const nameUpdates: Array<{
    user_id: number;
    first_name: string;
    last_name: string;
    before: Record<string, string>;
  }> = [];
  for (const x of decisions) {
    if ((x.action === 'match' || x.action === 'update') && x.internalId)
      ctx.profileIds[kind].set(x.recordKey, x.internalId);
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
  await inChunks(nameUpdates, (chunk) => repo.updateNames(ctx.tx, chunk));
  for (const n of nameUpdates) {
    ctx.changes.push({
      entity: 'user',
      entity_id: n.user_id,
      operation: 'update',
      before: n.before,
      after: { first_name: n.first_name, last_name: n.last_name },
    });
  }
}

/** External ids, with before-images of the ones replaced. */
async function applyExternalIds(ctx: ApplyContext) {
  const idRows = await inChunks(ctx.ext, (chunk) =>
    repo.upsertExternalIds(ctx.tx, { schoolId: ctx.schoolId, datasetId: ctx.dataset.id, now: ctx.now }, chunk),
  );
  for (const r of idRows) {
    ctx.changes.push(
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
}

/** Roles: enrolments (UPLOADED in, REMOVED out) and class teachers. */
async function applyRoles(ctx: ApplyContext) {
  const { tx, schoolId, now, changes, progress } = ctx;
  const roles = byStep(ctx.plan, 'role_reconciliation');
  const { newEnrolments, newLinks } = newRoles(ctx, roles);
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
  await applyTeacherLinks(ctx, roles, newLinks);
}

/** The enrolments and class teachers to create, once classes and people have their ids. */
function newRoles(ctx: ApplyContext, roles: Plan['decisions']) {
  const newEnrolments: Array<{ class_id: number; profile_id: number }> = [];
  const newLinks: Array<{ class_id: number; profile_id: number }> = [];
  for (const x of roles) {
    if (x.action !== 'create') continue;
    const classId = ctx.classIds.get(x.details.class_code as string);
    const role = x.details.role as PersonKind;
    const profileId = ctx.profileIds[role].get(x.details.person_code as string);
    if (!classId || !profileId) continue;
    (role === 'teacher' ? newLinks : newEnrolments).push({ class_id: classId, profile_id: profileId });
  }
  return { newEnrolments, newLinks };
}

async function applyTeacherLinks(
  ctx: ApplyContext,
  roles: Plan['decisions'],
  newLinks: Array<{ class_id: number; profile_id: number }>,
) {
  const { tx, schoolId, changes } = ctx;
  await inChunks(newLinks, (chunk) => repo.insertTeacherLinks(tx, schoolId, chunk));
  for (const l of newLinks)
    changes.push({ entity: 'class_teacher', entity_id: l.class_id, operation: 'insert', before: null, after: l });
  const goneLinks = roles
    .filter((x) => x.action === 'remove' && x.recordKey.startsWith('existing-teacher:'))
    .map((x) => ({ class_id: x.details.class_id as number, profile_id: x.details.profile_id as number }));
  await inChunks(goneLinks, (chunk) => repo.deleteTeacherLinks(tx, schoolId, chunk));
  for (const l of goneLinks)
    changes.push({ entity: 'class_teacher', entity_id: l.class_id, operation: 'delete', before: l, after: null });
}

/** The changes written for rollback, charges following the roster, the dataset applied and audited. */
async function finishApply(ctx: ApplyContext, ip: string) {
  const { tx, schoolId, now, changes, dataset, userId, plan } = ctx;
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
    after: { summary: plan.summary, changes: changes.length, invited: ctx.invite.length },
    ip,
  });
  await ctx.progress.add(plan.decisions.length);
}
