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
import { newActivationCode, requireManagerAt } from '../classes/class-management.service';
import { queueInvitations } from '../passwords/passwords.service';
import { rosterParsers } from './parsers/index';
import { RosterFileError, type ParsedRoster, type RosterInputFile, type RosterSource } from './parsers/types';
import { json, loadState, otherSchoolOfCodes } from './rosters.repository';
import { reconcile, type Override, type Plan, type Records } from './rosters.reconcile';
import { syncChargesAndLocks } from '../payments/locks';

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

type DatasetRow = {
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

async function findDataset(db: Executor, id: number): Promise<DatasetRow | null> {
  return (await selectDatasets(db, sql`d.id = ${id}`))[0] ?? null;
}

function present(row: DatasetRow, alreadyUploaded = false): RosterDataset {
  return {
    id: row.id,
    school_id: row.school_id,
    school_name: row.school_name,
    calendar_year: row.calendar_year,
    source: row.source,
    file_names: row.file_names,
    status: row.status,
    counts: row.counts,
    errors: row.errors,
    summary: row.summary,
    holds: row.holds,
    failure: row.failure,
    mapping: row.mapping,
    mapping_confirmed: row.mapping === null || row.mapping_confirmed_by !== null,
    already_uploaded: alreadyUploaded,
    created_at: new Date(row.created_at).toISOString(),
    applied_at: row.applied_at ? new Date(row.applied_at).toISOString() : null,
    rolled_back_at: row.rolled_back_at ? new Date(row.rolled_back_at).toISOString() : null,
    approved: row.approved_by !== null,
    can_rollback: row.status === 'applied' && row.latest_applied,
  };
}

/** The dataset, if the actor may see it: another school's dataset is a 404 for a school admin. */
async function requireDataset(deps: AppDeps, actor: Actor, id: number, db: Executor = deps.db) {
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

async function planFor(
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

async function writeDecisions(db: Executor, datasetId: number, plan: Plan, now: Date) {
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
  await db.execute(sql`
    update roster_datasets set summary = ${JSON.stringify(plan.summary)}::jsonb, holds = ${JSON.stringify(plan.holds)}::jsonb
    where id = ${datasetId}`);
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
  const datasets = rows.map((r) => {
    const { errors: _errors, ...rest } = present(r);
    return rest;
  });
  return { datasets };
}

export async function getDataset(deps: AppDeps, actor: Actor, id: number) {
  return present(await requireDataset(deps, actor, id));
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
    await deps.jobs.enqueue('roster-apply', { datasetId: id, userId: actor.userId, ip }, { tx });
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

type ChangeRow = {
  entity: 'user' | 'profile' | 'school_class' | 'class_teacher' | 'enrolment' | 'external_id';
  entity_id: number;
  operation: 'insert' | 'update' | 'delete';
  before: unknown;
  after: unknown;
};

/**
 * The job: applies the plan in one transaction for the school, writing each change with its before-image. A plan
 * that now crosses a threshold nobody approved is held instead; a failure marks the dataset failed.
 */
export async function runApply(deps: AppDeps, datasetId: number, userId: number, ip: string) {
  try {
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from roster_datasets where id = ${datasetId} for update`);
      const dataset = await findDataset(tx, datasetId);
      if (!dataset || dataset.status !== 'applying') return;
      const { plan, records } = await planFor(tx, dataset);
      await writeDecisions(tx, datasetId, plan, deps.clock.now());
      if (plan.holds.length && dataset.approved_by === null) {
        await tx.execute(sql`update roster_datasets set status = 'held' where id = ${datasetId}`);
        return;
      }
      if (plan.blockers.length) throw new Error(plan.blockers.join(' '));
      await applyPlan(deps, tx, dataset, plan, records, userId, ip);
    });
  } catch (error) {
    await deps.db.execute(sql`
      update roster_datasets set status = 'failed', failure = ${failureMessage(error)} where id = ${datasetId}`);
    throw error;
  }
}

/** What went wrong, for staff: the database's own message when a query failed. */
function failureMessage(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string } };
  return (e.cause?.message ?? e.message ?? String(error)).slice(0, 1000);
}

const byStep = (plan: Plan, step: RosterStep) => plan.decisions.filter((x) => x.step === step);

async function applyPlan(
  deps: AppDeps,
  tx: Executor,
  dataset: DatasetRow,
  plan: Plan,
  records: Records,
  userId: number,
  ip: string,
) {
  const now = deps.clock.now();
  const schoolId = dataset.school_id;
  const changes: ChangeRow[] = [];
  const ext: Array<{ kind: string; code: string; internal_id: number; imported: Record<string, unknown> }> = [];
  const classRec = new Map(records.classes.map((c) => [c.code, c]));

  // Classes.
  const classIds = new Map<string, number>();
  const newClasses = byStep(plan, 'school_class_reconciliation').filter((x) => x.action === 'create');
  if (newClasses.length) {
    const values = newClasses.map((x) => ({
      code: x.recordKey,
      title: classRec.get(x.recordKey)!.title,
      course_id: x.details.course_id,
      activation_code: newActivationCode(),
    }));
    const { rows } = await tx.execute<{ id: number; title: string; code: string }>(sql`
      insert into school_classes (school_id, course_id, title, class_type, features, calendar_year, activation_code)
      select ${schoolId}, course_id, title, 'N', 'STANDARD', ${dataset.calendar_year}, activation_code
      from jsonb_to_recordset(${json(values)}) as x(code text, title text, course_id int, activation_code text)
      returning id, title, activation_code as code`);
    const codeByActivation = new Map(values.map((v) => [v.activation_code, v.code]));
    for (const r of rows) {
      classIds.set(codeByActivation.get(r.code)!, r.id);
      changes.push({
        entity: 'school_class',
        entity_id: r.id,
        operation: 'insert',
        before: null,
        after: { title: r.title },
      });
    }
  }
  const classUpdates: Array<{ id: number; title: string; before: string }> = [];
  for (const x of byStep(plan, 'school_class_reconciliation')) {
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
  if (classUpdates.length) {
    await tx.execute(sql`
      update school_classes c set title = x.title from jsonb_to_recordset(${json(classUpdates)}) as x(id int, title text)
      where c.id = x.id and c.school_id = ${schoolId}`);
    for (const u of classUpdates)
      changes.push({
        entity: 'school_class',
        entity_id: u.id,
        operation: 'update',
        before: { title: u.before },
        after: { title: u.title },
      });
  }

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
    if (userRows.length) {
      const { rows } = await tx.execute<{ id: number; email: string }>(sql`
        insert into users (email, first_name, last_name, password_hash, is_active)
        select email, first_name, last_name, null, true
        from jsonb_to_recordset(${json(userRows)}) as x(email text, first_name text, last_name text)
        returning id, email`);
      const byEmail = new Map(rows.map((r) => [r.email, r.id]));
      for (const u of userRows) {
        const id = byEmail.get(u.email)!;
        userIdByCode.set(u.code, id);
        changes.push({ entity: 'user', entity_id: id, operation: 'insert', before: null, after: { email: u.email } });
        if (!u.email.endsWith('@roster.invalid')) invite.push(id);
      }
      await tx.execute(sql`
        insert into user_roles (user_id, role, granted_by)
        select (jsonb_array_elements_text(${json(rows.map((r) => r.id))}))::int, ${kind}, ${userId} on conflict do nothing`);
    }
    for (const x of joining) userIdByCode.set(x.recordKey, x.details.user_id as number);
    if (joining.length) {
      await tx.execute(sql`
        insert into user_roles (user_id, role, granted_by)
        select (jsonb_array_elements_text(${json(joining.map((x) => x.details.user_id))}))::int, ${kind}, ${userId}
        on conflict do nothing`);
    }
    if (userIdByCode.size) {
      const rows = [...userIdByCode].map(([code, uid]) => ({ code, user_id: uid }));
      const { rows: made } = await tx.execute<{ id: number; user_id: number }>(sql`
        insert into profiles (user_id, school_id, kind, external_code)
        select user_id, ${schoolId}, ${kind}, code from jsonb_to_recordset(${json(rows)}) as x(code text, user_id int)
        on conflict (user_id, school_id, kind) do nothing
        returning id, user_id`);
      const codeByUser = new Map(rows.map((r) => [r.user_id, r.code]));
      for (const m of made) {
        profileIds[kind].set(codeByUser.get(m.user_id)!, m.id);
        changes.push({
          entity: 'profile',
          entity_id: m.id,
          operation: 'insert',
          before: null,
          after: { user_id: m.user_id },
        });
      }
    }
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
    if (nameUpdates.length) {
      // Only the fields that changed (an empty value keeps the current one).
      await tx.execute(sql`
        update users u set first_name = coalesce(nullif(x.first_name, ''), u.first_name),
          last_name = coalesce(nullif(x.last_name, ''), u.last_name)
        from jsonb_to_recordset(${json(nameUpdates)}) as x(user_id int, first_name text, last_name text)
        where u.id = x.user_id`);
      for (const n of nameUpdates) {
        changes.push({
          entity: 'user',
          entity_id: n.user_id,
          operation: 'update',
          before: n.before,
          after: { first_name: n.first_name, last_name: n.last_name },
        });
      }
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
  }
  if (invite.length) await queueInvitations(deps, tx, invite, schoolId);

  // External ids, with before-images of the ones replaced.
  if (ext.length) {
    const { rows } = await tx.execute<{
      id: number;
      kind: string;
      code: string;
      internal_id: number;
      imported: unknown;
      old_internal_id: number | null;
      old_imported: unknown;
    }>(sql`
      with old as (
        select x.id, x.kind, x.code, x.internal_id, x.imported from roster_external_ids x
        join jsonb_to_recordset(${json(ext)}) as n(kind text, code text) on n.kind = x.kind and n.code = x.code
        where x.school_id = ${schoolId}
      ), up as (
        insert into roster_external_ids (school_id, kind, code, internal_id, imported, dataset_id, updated_at)
        select ${schoolId}, kind, code, internal_id, imported, ${dataset.id}, ${now}::timestamptz
        from jsonb_to_recordset(${json(ext)}) as n(kind text, code text, internal_id int, imported jsonb)
        on conflict (school_id, kind, code) do update set internal_id = excluded.internal_id, imported = excluded.imported,
          dataset_id = excluded.dataset_id, updated_at = excluded.updated_at
        returning id, kind, code, internal_id, imported
      )
      select up.*, old.internal_id as old_internal_id, old.imported as old_imported
      from up left join old on old.kind = up.kind and old.code = up.code`);
    for (const r of rows) {
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
  const enrolmentChanges = async (ids: number[], to: number) => {
    if (!ids.length) return;
    const { rows } = await tx.execute<{ id: number; before: number }>(sql`
      update enrolments e set access_status = ${to}, updated_at = ${now}::timestamptz
      from (select id, access_status as before from enrolments
            where school_id = ${schoolId} and id in (select (jsonb_array_elements_text(${json(ids)}))::int) for update) old
      where e.id = old.id returning e.id, old.before`);
    for (const r of rows)
      changes.push({
        entity: 'enrolment',
        entity_id: r.id,
        operation: 'update',
        before: { access_status: r.before },
        after: { access_status: to },
      });
  };
  if (newEnrolments.length) {
    const { rows } = await tx.execute<{ id: number; before: number | null }>(sql`
      with old as (
        select e.id, e.access_status from enrolments e
        join jsonb_to_recordset(${json(newEnrolments)}) as n(class_id int, profile_id int) on n.class_id = e.class_id and n.profile_id = e.profile_id
      )
      insert into enrolments (school_id, class_id, profile_id, access_status, created_at, updated_at)
      select ${schoolId}, class_id, profile_id, ${AccessStatus.UPLOADED}, ${now}::timestamptz, ${now}::timestamptz
      from jsonb_to_recordset(${json(newEnrolments)}) as n(class_id int, profile_id int)
      on conflict (class_id, profile_id) do update set access_status = excluded.access_status, updated_at = excluded.updated_at
        where enrolments.access_status < ${AccessStatus.LOCKED}
      returning id, (select old.access_status from old where old.id = enrolments.id) as before`);
    for (const r of rows) {
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
  }
  await enrolmentChanges(
    roles.filter((x) => x.action === 'update' && x.internalId).map((x) => x.internalId!),
    AccessStatus.UPLOADED,
  );
  await enrolmentChanges(
    roles.filter((x) => x.action === 'remove' && x.internalId).map((x) => x.internalId!),
    AccessStatus.REMOVED,
  );
  if (newLinks.length) {
    await tx.execute(sql`
      insert into class_teachers (school_id, class_id, profile_id)
      select ${schoolId}, class_id, profile_id from jsonb_to_recordset(${json(newLinks)}) as n(class_id int, profile_id int)
      on conflict do nothing`);
    for (const l of newLinks)
      changes.push({ entity: 'class_teacher', entity_id: l.class_id, operation: 'insert', before: null, after: l });
  }
  const goneLinks = roles
    .filter((x) => x.action === 'remove' && x.recordKey.startsWith('existing-teacher:'))
    .map((x) => ({ class_id: x.details.class_id as number, profile_id: x.details.profile_id as number }));
  if (goneLinks.length) {
    await tx.execute(sql`
      delete from class_teachers t using jsonb_to_recordset(${json(goneLinks)}) as n(class_id int, profile_id int)
      where t.school_id = ${schoolId} and t.class_id = n.class_id and t.profile_id = n.profile_id`);
    for (const l of goneLinks)
      changes.push({ entity: 'class_teacher', entity_id: l.class_id, operation: 'delete', before: l, after: null });
  }

  for (let i = 0; i < changes.length; i += 5000) {
    await tx.execute(sql`
      insert into roster_changes (dataset_id, school_id, entity, entity_id, operation, before, after, applied_at)
      select ${dataset.id}, ${schoolId}, entity, entity_id, operation, before, after, ${now}::timestamptz
      from jsonb_to_recordset(${json(changes.slice(i, i + 5000))}) as x(entity text, entity_id int, operation text, before jsonb, after jsonb)`);
  }
  // What each student owes follows the roster (docs/payments.md): charges and credits in this transaction.
  await syncChargesAndLocks(tx, { schoolId, calendarYear: dataset.calendar_year, at: now, actorUserId: userId });
  await tx.execute(sql`
    update roster_datasets set status = 'applied', applied_at = ${now}::timestamptz, failure = null where id = ${dataset.id}`);
  await audit(tx, {
    actorUserId: userId,
    schoolId,
    action: 'apply_roster_dataset',
    entityType: 'roster_dataset',
    entityId: dataset.id,
    after: { summary: plan.summary, changes: changes.length, invited: invite.length },
    ip,
  });
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
