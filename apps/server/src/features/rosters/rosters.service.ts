import { createHash } from 'node:crypto';
import type { RosterDataset, RosterSourceName, RosterStep, RosterStepReport } from '@banksia/contracts/rosters';
import { rosterStepValues } from '@banksia/contracts/rosters';
import { AccessStatus } from '@banksia/contracts/classes';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { rosterOverrideBody } from '@banksia/contracts/rosters';
import { audit } from '../../platform/audit';
import { hasRole } from '../../platform/authz';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { requireManagerAt } from '../classes/index';
import { rosterParsers } from './parsers/index';
import { RosterFileError, type ParsedRoster, type RosterInputFile, type RosterSource } from './parsers/types';
import { json, loadState, otherSchoolOfCodes, storedDecisions } from './rosters.repository';
import type { ChangeRow } from './rosters.apply.repository';
import { applyJobKey, applyView, type ApplyView } from './rosters.apply-status';
import { reconcile, type Override, type Plan, type Records } from './rosters.reconcile';
import { syncChargesAndLocks } from '../payments/index';

/** Row errors kept with a dataset (the count is always exact). */
export const ROSTER_MAX_STORED_ERRORS = 1000;

/** The uploaders' names and page slugs (/school-uploader/{page}/). */
export const SOURCE_PAGES: Record<RosterSource, { name: string; page: string }> = {
  edval: { name: 'Edval', page: 'edval-upload' },
  product: { name: 'Banksia roster template', page: 'banksia-upload' },
  'timetabler-post-9': { name: 'Timetabler 9 and later', page: 'timetabler-post-9-upload' },
  'timetabler-pre-9': { name: 'Timetabler before 9', page: 'timetabler-pre-9-upload' },
  'firstclass-csv': { name: 'FirstClass CSV', page: 'firstclass-csv-upload' },
  griddle: { name: 'Griddle', page: 'griddle-upload' },
  timechart: { name: 'TimeChart', page: 'timechart-upload' },
  oneroster: { name: 'OneRoster 1.1', page: 'oneroster-upload' },
};

export function registeredSources() {
  return (Object.keys(SOURCE_PAGES) as RosterSource[])
    .filter((s) => rosterParsers[s])
    .map((s) => ({ source: s, ...SOURCE_PAGES[s] }));
}

const isStaff = (actor: Actor) => hasRole(actor, 'content_admin', 'roster_admin');

/** Staff may work on any school; a school admin on the schools where they hold a teacher profile. */
async function requireSchoolAccess(deps: AppDeps, actor: Actor, schoolId: number, notFound = false) {
  if (isStaff(actor)) {
    const { rows } = await deps.db.execute(sql`select 1 from schools where id = ${schoolId}`);
    if (!rows.length) throw new AppError('not_found', 'No such school.');
    return;
  }
  try {
    const manager = await requireManagerAt(deps, actor, schoolId);
    if (!manager.isAdmin) throw new AppError('forbidden');
  } catch (error) {
    if (notFound && error instanceof AppError && error.code === 'forbidden') throw new AppError('not_found');
    throw error;
  }
}

export type DatasetRow = {
  id: number;
  school_id: number;
  school_name: string;
  calendar_year: number;
  source: RosterSourceName;
  file_names: string[];
  status: RosterDataset['status'];
  counts: RosterDataset['counts'];
  errors: RosterDataset['errors'];
  summary: RosterDataset['summary'];
  holds: RosterDataset['holds'];
  failure: string | null;
  mapping: RosterDataset['mapping'];
  mapping_confirmed_by: number | null;
  created_at: Date;
  applied_at: Date | null;
  rolled_back_at: Date | null;
  approved_by: number | null;
  latest_applied: boolean;
};

/** Datasets with their school's name, newest first; `latest_applied` says whether a later one of the same school and
 * year was applied since (then this one cannot be rolled back). */
async function selectDatasets(db: Executor, where: SQL): Promise<DatasetRow[]> {
  const { rows } = await db.execute<DatasetRow>(sql`
    select d.id, d.school_id, s.name as school_name, d.calendar_year, d.source, d.file_names, d.status, d.counts,
      d.errors, d.summary, d.holds, d.failure, d.mapping, d.mapping_confirmed_by, d.created_at, d.applied_at, d.rolled_back_at, d.approved_by,
      not exists(select 1 from roster_datasets l where l.school_id = d.school_id and l.calendar_year = d.calendar_year
        and l.status = 'applied' and (l.applied_at, l.id) > (d.applied_at, d.id)) as latest_applied
    from roster_datasets d join schools s on s.id = d.school_id where ${where}
    order by d.created_at desc, d.id desc limit 200`);
  return rows;
}

export async function findDataset(db: Executor, id: number): Promise<DatasetRow | null> {
  return (await selectDatasets(db, sql`d.id = ${id}`))[0] ?? null;
}

/** The dataset for staff; `view` says what its apply is doing (rosters.apply-status.ts), else read from the row. */
function present(row: DatasetRow, alreadyUploaded = false, view?: ApplyView): RosterDataset {
  const apply = view ?? {
    status: row.status,
    failure: row.failure,
    apply: null,
    can_retry: row.status === 'failed',
  };
  return {
    id: row.id,
    school_id: row.school_id,
    school_name: row.school_name,
    calendar_year: row.calendar_year,
    source: row.source,
    file_names: row.file_names,
    status: apply.status,
    counts: row.counts,
    errors: row.errors,
    summary: row.summary,
    holds: row.holds,
    failure: apply.failure,
    mapping: row.mapping,
    mapping_confirmed: row.mapping === null || row.mapping_confirmed_by !== null,
    already_uploaded: alreadyUploaded,
    created_at: new Date(row.created_at).toISOString(),
    applied_at: row.applied_at ? new Date(row.applied_at).toISOString() : null,
    rolled_back_at: row.rolled_back_at ? new Date(row.rolled_back_at).toISOString() : null,
    approved: row.approved_by !== null,
    can_rollback: row.status === 'applied' && row.latest_applied,
    apply: apply.apply,
    can_retry: apply.can_retry,
  };
}

/** The dataset, if the actor may see it: another school's dataset is a 404 for a school admin. */
export async function requireDataset(deps: AppDeps, actor: Actor, id: number, db: Executor = deps.db) {
  const row = await findDataset(db, id);
  if (!row) throw new AppError('not_found', 'No such dataset.');
  await requireSchoolAccess(deps, actor, row.school_id, true);
  return row;
}

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { errors: { [field]: [message] } });
}

export interface UploadInput {
  source: string | undefined;
  schoolId: string | undefined;
  calendarYear: string | undefined;
  files: RosterInputFile[];
  /** The raw bytes of each file, for the upload's sha256. */
  hashes: Array<{ name: string; sha256: string }>;
}

function toRecords(parsed: ParsedRoster): Records {
  return {
    classes: parsed.classes.map((c) => ({
      code: c.code,
      title: c.title ?? c.code,
      subject: c.subject ?? null,
      yearLevel: c.yearLevel ?? null,
    })),
    teachers: parsed.teachers.map((p) => ({
      code: p.code,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email ?? null,
      yearLevel: null,
    })),
    students: parsed.students.map((p) => ({
      code: p.code,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email ?? null,
      yearLevel: p.yearLevel ?? null,
    })),
    enrolments: parsed.enrolments.map((e) => ({ role: e.role, classCode: e.classCode, personCode: e.personCode })),
  };
}

async function loadRecords(db: Executor, datasetId: number): Promise<Records> {
  const { rows } = await db.execute<{ kind: string; data: Record<string, unknown> }>(sql`
    select kind, data from roster_records where dataset_id = ${datasetId} order by id`);
  const records: Records = { classes: [], teachers: [], students: [], enrolments: [] };
  for (const r of rows) {
    if (r.kind === 'class') records.classes.push(r.data as unknown as Records['classes'][number]);
    else if (r.kind === 'teacher') records.teachers.push(r.data as unknown as Records['teachers'][number]);
    else if (r.kind === 'student') records.students.push(r.data as unknown as Records['students'][number]);
    else records.enrolments.push(r.data as unknown as Records['enrolments'][number]);
  }
  return records;
}

function emailsOf(records: Records) {
  return [...records.teachers, ...records.students].map((p) => p.email).filter((e): e is string => !!e);
}

export async function planFor(
  db: Executor,
  dataset: { id: number; school_id: number; calendar_year: number },
  records?: Records,
) {
  const recs = records ?? (await loadRecords(db, dataset.id));
  const { rows } = await db.execute<{
    step: RosterStep;
    record_key: string;
    action: Override['action'];
    internal_id: number | null;
    details: { course_id?: number | null };
    decided_by: number;
  }>(sql`
    select step, record_key, action, internal_id, details, decided_by from roster_decisions
    where dataset_id = ${dataset.id} and decided_by is not null`);
  const overrides: Override[] = rows.map((r) => ({
    step: r.step,
    recordKey: r.record_key,
    action: r.action,
    internalId: r.internal_id,
    courseId: r.details.course_id ?? null,
    decidedBy: r.decided_by,
  }));
  const state = await loadState(db, {
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
  const stored = await storedDecisions(db, datasetId);
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

export async function writeDecisions(db: Executor, datasetId: number, plan: Plan, now: Date) {
  // Rewriting 12,000 decisions costs a second on a busy machine; reading them back to compare, a tenth of that.
  if (!(await sameDecisions(db, datasetId, plan))) await replaceDecisions(db, datasetId, plan, now);
  await db.execute(sql`
    update roster_datasets set summary = ${JSON.stringify(plan.summary)}::jsonb, holds = ${JSON.stringify(plan.holds)}::jsonb
    where id = ${datasetId}`);
}

async function replaceDecisions(db: Executor, datasetId: number, plan: Plan, now: Date) {
  await db.execute(sql`delete from roster_decisions where dataset_id = ${datasetId}`);
  for (let i = 0; i < plan.decisions.length; i += 5000) {
    const chunk = plan.decisions.slice(i, i + 5000).map((x) => ({
      step: x.step,
      record_key: x.recordKey,
      action: x.action,
      method: x.method,
      internal_id: x.internalId,
      suggestion_id: x.suggestionId,
      details: x.details,
      decided_by: x.decidedBy,
    }));
    await db.execute(sql`
      insert into roster_decisions (dataset_id, step, record_key, action, method, internal_id, suggestion_id, details, decided_by, decided_at)
      select ${datasetId}, step, record_key, action, method, internal_id, suggestion_id, details, decided_by,
        case when decided_by is null then null else ${now}::timestamptz end
      from jsonb_to_recordset(${json(chunk)}) as x(step text, record_key text, action text, method text,
        internal_id int, suggestion_id int, details jsonb, decided_by int)`);
  }
}

/** Parses an upload into a dataset and reconciles it. The same files again answer the existing dataset. */
export async function uploadDataset(
  deps: AppDeps,
  actor: Actor,
  input: UploadInput,
  ip: string,
  onProgress?: (read: number, total: number) => void,
): Promise<{ created: boolean; dataset: RosterDataset }> {
  const source = input.source as RosterSource;
  if (!input.source || !(input.source in SOURCE_PAGES))
    throw invalid('source', 'Choose the system the file comes from.');
  const parser = rosterParsers[source];
  if (!parser) throw invalid('source', `Files from ${SOURCE_PAGES[source].name} cannot be read yet.`);
  const schoolId = Number(input.schoolId);
  if (!Number.isInteger(schoolId) || schoolId < 1) throw invalid('school_id', 'Choose a school.');
  const year = Number(input.calendarYear);
  if (!Number.isInteger(year) || year < 2000 || year > 2100)
    throw invalid('calendar_year', 'Enter a calendar year such as 2026.');
  await requireSchoolAccess(deps, actor, schoolId);
  if (input.files.length === 0) throw invalid('file', 'Choose a file to upload.');
  const sha = createHash('sha256');
  for (const h of [...input.hashes].sort((a, b) => (a.name < b.name ? -1 : 1)))
    sha.update(`${h.name}\u0000${h.sha256}\n`);
  const fileSha = sha.digest('hex');
  const { rows: same } = await deps.db.execute<{ id: number }>(sql`
    select id from roster_datasets
    where school_id = ${schoolId} and calendar_year = ${year} and source = ${source} and file_sha256 = ${fileSha}`);
  if (same[0]) return { created: false, dataset: present((await findDataset(deps.db, same[0].id))!, true) };

  let parsed: ParsedRoster;
  try {
    parsed = await parser(input.files, { onProgress });
  } catch (error) {
    if (error instanceof RosterFileError) throw invalid(error.field, error.message);
    throw error;
  }
  const records = toRecords(parsed);
  if (records.classes.length + records.students.length + records.teachers.length === 0) {
    const rowErrors = parsed.errors.slice(0, 20).map((e) => `${e.file} line ${e.line}, ${e.field}: ${e.message}`);
    throw new AppError(
      'validation_failed',
      parsed.rows === 0 ? 'The file has no rows.' : 'No row of the file could be read, so nothing was uploaded.',
      { errors: { file: rowErrors.length ? rowErrors : ['The file has no rows.'] } },
    );
  }
  const foreign = await otherSchoolOfCodes(deps.db, schoolId, parsed.students);
  if (foreign) {
    throw invalid(
      'school_id',
      `These student codes belong to ${foreign.name}'s roster, not this school's. Check the school chosen.`,
    );
  }
  const now = deps.clock.now();
  const counts = {
    rows: parsed.rows,
    errors: parsed.errors.length,
    classes: records.classes.length,
    teachers: records.teachers.length,
    students: records.students.length,
    enrolments: records.enrolments.length,
  };
  const id = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into roster_datasets (school_id, calendar_year, source, file_sha256, file_names, status, counts, errors, mapping, created_by, created_at)
      values (${schoolId}, ${year}, ${source}, ${fileSha},
        array(select jsonb_array_elements_text(${json(input.files.map((f) => f.name))})),
        'parsed', ${JSON.stringify(counts)}::jsonb, ${JSON.stringify(parsed.errors.slice(0, ROSTER_MAX_STORED_ERRORS))}::jsonb,
        ${parsed.mapping?.length ? JSON.stringify(parsed.mapping) : null}::jsonb,
        ${actor.userId}, ${now}::timestamptz)
      on conflict (school_id, calendar_year, source, file_sha256) do nothing
      returning id`);
    if (!rows[0]) return null;
    const datasetId = rows[0].id;
    const line = new Map<string, { file: string; line: number }>();
    for (const c of parsed.classes) line.set(`class:${c.code}`, c);
    for (const p of parsed.teachers) line.set(`teacher:${p.code}`, p);
    for (const p of parsed.students) line.set(`student:${p.code}`, p);
    const recordRows = [
      ...records.classes.map((c) => ({ kind: 'class', key: c.code, data: c, ...line.get(`class:${c.code}`)! })),
      ...records.teachers.map((p) => ({ kind: 'teacher', key: p.code, data: p, ...line.get(`teacher:${p.code}`)! })),
      ...records.students.map((p) => ({ kind: 'student', key: p.code, data: p, ...line.get(`student:${p.code}`)! })),
      ...parsed.enrolments.map((e) => ({
        kind: 'enrolment',
        key: `${e.role}:${e.classCode}:${e.personCode}`,
        data: { role: e.role, classCode: e.classCode, personCode: e.personCode },
        file: e.file,
        line: e.line,
      })),
    ];
    for (let i = 0; i < recordRows.length; i += 5000) {
      await tx.execute(sql`
        insert into roster_records (dataset_id, kind, key, data, file, line)
        select ${datasetId}, kind, key, data, file, line
        from jsonb_to_recordset(${json(recordRows.slice(i, i + 5000))}) as x(kind text, key text, data jsonb, file text, line int)`);
    }
    const { plan } = await planFor(tx, { id: datasetId, school_id: schoolId, calendar_year: year }, records);
    await writeDecisions(tx, datasetId, plan, now);
    await tx.execute(sql`update roster_datasets set status = 'reviewing' where id = ${datasetId}`);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId,
      action: 'upload_roster_dataset',
      entityType: 'roster_dataset',
      entityId: datasetId,
      after: { source, calendar_year: year, counts, summary: plan.summary, holds: plan.holds },
      ip,
    });
    return datasetId;
  });
  // The same files uploaded at the same moment by someone else: theirs is the dataset.
  if (id === null) {
    const { rows } = await deps.db.execute<{ id: number }>(sql`
      select id from roster_datasets where school_id = ${schoolId} and calendar_year = ${year} and source = ${source} and file_sha256 = ${fileSha}`);
    return { created: false, dataset: present((await findDataset(deps.db, rows[0]!.id))!, true) };
  }
  return { created: true, dataset: present((await findDataset(deps.db, id))!) };
}

export async function listDatasets(deps: AppDeps, actor: Actor, q: { school_id?: number; calendar_year?: number }) {
  let schoolIds: number[] | null = null;
  if (!isStaff(actor)) {
    const { rows } = await deps.db.execute<{ school_id: number }>(sql`
      select distinct school_id from profiles where user_id = ${actor.userId} and kind = 'teacher'`);
    schoolIds = hasRole(actor, 'school_admin') ? rows.map((r) => r.school_id) : [];
  }
  const rows = await selectDatasets(
    deps.db,
    sql`(${q.school_id ?? null}::int is null or d.school_id = ${q.school_id ?? null})
      and (${q.calendar_year ?? null}::int is null or d.calendar_year = ${q.calendar_year ?? null})
      and (${schoolIds === null} or d.school_id in (select (jsonb_array_elements_text(${json(schoolIds ?? [])}))::int))`,
  );
  const datasets = [];
  for (const r of rows) {
    const { errors: _errors, ...rest } = present(r, false, await applyView(deps, r));
    datasets.push(rest);
  }
  return { datasets };
}

export async function getDataset(deps: AppDeps, actor: Actor, id: number) {
  const row = await requireDataset(deps, actor, id);
  return present(row, false, await applyView(deps, row));
}

/** One step's report for a dataset: per record, what applying does and how it matched (also for printable pages). */
export async function stepReport(db: Executor, datasetId: number, step: RosterStep): Promise<RosterStepReport> {
  const { rows } = await db.execute<{
    id: number;
    record_key: string;
    action: RosterStepReport['decisions'][number]['action'];
    method: RosterStepReport['decisions'][number]['method'];
    internal_id: number | null;
    suggestion_id: number | null;
    details: Record<string, unknown>;
    decided_by: number | null;
    file: string | null;
    line: number | null;
  }>(sql`
    select x.id::int as id, x.record_key, x.action, x.method, x.internal_id, x.suggestion_id, x.details, x.decided_by, r.file, r.line
    from roster_decisions x
    left join roster_records r on r.dataset_id = x.dataset_id and r.key = x.record_key and r.kind = ${
      {
        school_class_reconciliation: 'class',
        teacher_reconciliation: 'teacher',
        student_reconciliation: 'student',
        role_reconciliation: 'enrolment',
      }[step]
    }
    where x.dataset_id = ${datasetId} and x.step = ${step}
    order by case x.action when 'remove' then 0 when 'create' then 1 when 'update' then 2 when 'leave' then 3 else 4 end,
      x.details->>'label', x.id`);
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.action] = (counts[r.action] ?? 0) + 1;
  const { rows: ds } = await db.execute<{ school_id: number; calendar_year: number }>(sql`
    select school_id, calendar_year from roster_datasets where id = ${datasetId}`);
  const candidates =
    step === 'role_reconciliation' || !ds[0] ? [] : await candidatesFor(db, step, ds[0].school_id, ds[0].calendar_year);
  return {
    dataset_id: datasetId,
    step,
    counts,
    candidates,
    decisions: rows.map((r) => ({
      id: r.id,
      record_key: r.record_key,
      action: r.action,
      method: r.method,
      internal_id: r.internal_id,
      label: String(r.details.label ?? r.record_key),
      details: r.details,
      suggestion: r.suggestion_id
        ? { id: r.suggestion_id, label: String(r.details.suggestion_label ?? r.suggestion_id) }
        : null,
      overridden: r.decided_by !== null,
      file: r.file,
      line: r.line,
    })),
  };
}

async function candidatesFor(db: Executor, step: RosterStep, schoolId: number, year: number) {
  if (step === 'school_class_reconciliation') {
    const { rows } = await db.execute<{ id: number; label: string }>(sql`
      select id, title as label from school_classes where school_id = ${schoolId} and calendar_year = ${year} order by title, id`);
    return rows;
  }
  const kind = step === 'teacher_reconciliation' ? 'teacher' : 'student';
  const { rows } = await db.execute<{ id: number; label: string }>(sql`
    select p.id, u.first_name || ' ' || u.last_name || ' <' || u.email || '>' as label
    from profiles p join users u on u.id = p.user_id
    where p.school_id = ${schoolId} and p.kind = ${kind} order by lower(u.last_name), lower(u.first_name), p.id limit 5000`);
  return rows;
}

export async function getStep(deps: AppDeps, actor: Actor, id: number, step: RosterStep) {
  await requireDataset(deps, actor, id);
  return stepReport(deps.db, id, step);
}

const OPEN = ['reviewing', 'held'] as const;

/** A person's decision for one record (match to a chosen row, create, leave); the plan is worked out again. */
export async function overrideDecision(
  deps: AppDeps,
  actor: Actor,
  id: number,
  step: RosterStep,
  decisionId: number,
  body: z.infer<typeof rosterOverrideBody>,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const dataset = await requireDataset(deps, actor, id, tx);
    if (!(OPEN as readonly string[]).includes(dataset.status)) {
      throw new AppError(
        'conflict',
        `This dataset is ${dataset.status.replace('_', ' ')}: its decisions can no longer change.`,
      );
    }
    if (step === 'role_reconciliation')
      throw invalid('step', 'Roles follow the other steps: change a class, teacher or student.');
    const { rows } = await tx.execute<{ record_key: string; action: string }>(sql`
      select record_key, action from roster_decisions where id = ${decisionId} and dataset_id = ${id} and step = ${step}`);
    const decision = rows[0];
    if (!decision) throw new AppError('not_found', 'No such decision.');
    if (decision.record_key.startsWith('existing'))
      throw invalid('action', 'Only records of the file can be overridden.');
    if (body.action === 'match') {
      if (!body.internal_id) throw invalid('internal_id', 'Choose what the record matches.');
      const candidates = await candidatesFor(tx, step, dataset.school_id, dataset.calendar_year);
      if (!candidates.some((c) => c.id === body.internal_id))
        throw invalid('internal_id', 'No such record at this school.');
    }
    if (body.course_id) {
      const { rows: c } = await tx.execute(sql`select 1 from courses where id = ${body.course_id}`);
      if (!c.length) throw invalid('course_id', 'No such course.');
    }
    const now = deps.clock.now();
    await tx.execute(sql`
      update roster_decisions set action = ${body.action}, method = 'override', internal_id = ${body.internal_id ?? null},
        details = details || ${JSON.stringify({ course_id: body.course_id ?? null })}::jsonb,
        decided_by = ${actor.userId}, decided_at = ${now}::timestamptz
      where id = ${decisionId}`);
    const { plan } = await planFor(tx, dataset);
    await writeDecisions(tx, id, plan, now);
    await tx.execute(sql`update roster_datasets set status = 'reviewing', approved_by = null where id = ${id}`);
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

/** Queues the apply, or holds the dataset when the plan crosses a safety threshold and nobody approved it. */
export async function requestApply(deps: AppDeps, actor: Actor, id: number, ip: string) {
  return deps.db.transaction(async (tx) => {
    const dataset = await requireDataset(deps, actor, id, tx);
    await tx.execute(sql`select 1 from roster_datasets where id = ${id} for update`);
    if (dataset.status === 'applying' || dataset.status === 'applied') {
      return { status: dataset.status, changes: dataset.summary, holds: dataset.holds };
    }
    if (!(OPEN as readonly string[]).includes(dataset.status)) {
      throw new AppError('conflict', `This dataset is ${dataset.status.replace('_', ' ')}: it cannot be applied.`);
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
      await tx.execute(sql`update roster_datasets set status = 'held' where id = ${id}`);
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
    await tx.execute(
      sql`update roster_datasets set status = 'applying', applied_by = ${actor.userId} where id = ${id}`,
    );
    await deps.jobs.enqueue(
      'roster-apply',
      { datasetId: id, userId: actor.userId, ip },
      { tx, singletonKey: applyJobKey(id) },
    );
    return { status: 'applying' as const, changes: plan.summary, holds: plan.holds };
  });
}

/**
 * A person confirms how the headers of a header-mapped upload (FirstClass, Griddle, Timetabler before 9) were read;
 * until then it cannot be applied. A wrong mapping is fixed by renaming the file's headers and uploading it again.
 */
export async function confirmMapping(deps: AppDeps, actor: Actor, id: number, ip: string) {
  const dataset = await requireDataset(deps, actor, id);
  if (dataset.mapping === null) throw new AppError('conflict', 'This dataset was not read by header names.');
  if (!(OPEN as readonly string[]).includes(dataset.status)) {
    throw new AppError('conflict', `This dataset is ${dataset.status.replace('_', ' ')}: nothing to confirm.`);
  }
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`update roster_datasets set mapping_confirmed_by = ${actor.userId} where id = ${id}`);
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
  return present((await findDataset(deps.db, id))!);
}

/** A person approves a held dataset: its apply is queued. */
export async function approveDataset(deps: AppDeps, actor: Actor, id: number, ip: string) {
  const dataset = await requireDataset(deps, actor, id);
  if (dataset.status !== 'held') throw new AppError('conflict', 'Only a held dataset needs approval.');
  await deps.db.execute(sql`update roster_datasets set approved_by = ${actor.userId} where id = ${id}`);
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
 * Undoes an applied dataset (the latest applied one of its school and year) from its before-images, in one
 * transaction: enrolments return to their earlier access status (ones it created become REMOVED: never deleted),
 * teacher links and names are restored, codes point where they did. Accounts, profiles and classes it created stay.
 */
export async function rollbackDataset(deps: AppDeps, actor: Actor, id: number, ip: string) {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from roster_datasets where id = ${id} for update`);
    const dataset = await requireDataset(deps, actor, id, tx);
    if (dataset.status !== 'applied') throw new AppError('conflict', 'Only an applied dataset can be rolled back.');
    if (!dataset.latest_applied)
      throw new AppError('conflict', 'A later dataset of this school and year was applied: roll that back first.');
    const { rows } = await tx.execute<ChangeRow & { id: number }>(sql`
      select id, entity, entity_id, operation, before, after from roster_changes where dataset_id = ${id} order by id desc`);
    const pick = (entity: ChangeRow['entity'], operation: ChangeRow['operation']) =>
      rows.filter((r) => r.entity === entity && r.operation === operation);
    const enrolmentBack = [
      ...pick('enrolment', 'insert').map((r) => ({ id: r.entity_id, access_status: AccessStatus.REMOVED })),
      ...pick('enrolment', 'update').map((r) => ({
        id: r.entity_id,
        access_status: (r.before as { access_status: number }).access_status,
      })),
    ];
    if (enrolmentBack.length) {
      await tx.execute(sql`
        update enrolments e set access_status = x.access_status, updated_at = ${deps.clock.now()}::timestamptz
        from jsonb_to_recordset(${json(enrolmentBack)}) as x(id int, access_status int)
        where e.id = x.id and e.school_id = ${dataset.school_id}`);
    }
    const linksIn = pick('class_teacher', 'insert').map((r) => r.after);
    if (linksIn.length) {
      await tx.execute(sql`
        delete from class_teachers t using jsonb_to_recordset(${json(linksIn)}) as n(class_id int, profile_id int)
        where t.school_id = ${dataset.school_id} and t.class_id = n.class_id and t.profile_id = n.profile_id`);
    }
    const linksOut = pick('class_teacher', 'delete').map((r) => r.before);
    if (linksOut.length) {
      await tx.execute(sql`
        insert into class_teachers (school_id, class_id, profile_id)
        select ${dataset.school_id}, class_id, profile_id from jsonb_to_recordset(${json(linksOut)}) as n(class_id int, profile_id int)
        on conflict do nothing`);
    }
    const titles = pick('school_class', 'update').map((r) => ({
      id: r.entity_id,
      title: (r.before as { title: string }).title,
    }));
    if (titles.length) {
      await tx.execute(sql`
        update school_classes c set title = x.title from jsonb_to_recordset(${json(titles)}) as x(id int, title text)
        where c.id = x.id and c.school_id = ${dataset.school_id}`);
    }
    const names = pick('user', 'update').map((r) => ({ id: r.entity_id, ...(r.before as object) }));
    if (names.length) {
      await tx.execute(sql`
        update users u set first_name = coalesce(nullif(x.first_name, ''), u.first_name), last_name = coalesce(nullif(x.last_name, ''), u.last_name)
        from jsonb_to_recordset(${json(names)}) as x(id int, first_name text, last_name text) where u.id = x.id`);
    }
    const idsIn = pick('external_id', 'insert').map((r) => r.entity_id);
    if (idsIn.length) {
      await tx.execute(sql`
        delete from roster_external_ids where school_id = ${dataset.school_id}
          and id in (select (jsonb_array_elements_text(${json(idsIn)}))::int)`);
    }
    const idsBack = pick('external_id', 'update').map((r) => ({ id: r.entity_id, ...(r.before as object) }));
    if (idsBack.length) {
      await tx.execute(sql`
        update roster_external_ids x set internal_id = b.internal_id, imported = b.imported
        from jsonb_to_recordset(${json(idsBack)}) as b(id int, internal_id int, imported jsonb)
        where x.id = b.id and x.school_id = ${dataset.school_id}`);
    }
    const now = deps.clock.now();
    await syncChargesAndLocks(tx, {
      schoolId: dataset.school_id,
      calendarYear: dataset.calendar_year,
      at: now,
      actorUserId: actor.userId,
    });
    await tx.execute(sql`
      update roster_datasets set status = 'rolled_back', rolled_back_at = ${now}::timestamptz, rolled_back_by = ${actor.userId}
      where id = ${id}`);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: dataset.school_id,
      action: 'rollback_roster_dataset',
      entityType: 'roster_dataset',
      entityId: id,
      after: { changes: rows.length },
      ip,
    });
    return { status: 'rolled_back' as const, changes: rows.length };
  });
}

export const STEPS = rosterStepValues;
