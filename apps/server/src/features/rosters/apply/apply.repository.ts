import { AccessStatus } from '@banksia/contracts/classes';
import type { RosterDataset } from '@banksia/contracts/rosters';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db';
import { json } from '../rosters.repository';

/**
 * The statements of a roster apply (apply.run.ts). Each takes at most APPLY_CHUNK rows: a school of 6,000
 * students writes 36,000 enrolments, and one statement of them all ran into the per-statement limit of
 * platform/db.ts (5 s) on a busy machine, so the caller splits its rows and each statement stays well under it.
 */
export const APPLY_CHUNK = 2000;

/** One change of an apply, with its before-image (what rollback restores). */
export type ChangeRow = {
  entity: 'user' | 'profile' | 'school_class' | 'class_teacher' | 'enrolment' | 'external_id';
  entity_id: number;
  operation: 'insert' | 'update' | 'delete';
  before: unknown;
  after: unknown;
};

/** A dataset's status and failure as committed now. */
export async function datasetStatus(db: Executor, id: number) {
  const { rows } = await db.execute<{ status: RosterDataset['status']; failure: string | null }>(sql`
    select status, failure from roster_datasets where id = ${id}`);
  return rows[0] ?? null;
}

export async function markHeld(db: Executor, id: number): Promise<void> {
  await db.execute(sql`update roster_datasets set status = 'held' where id = ${id}`);
}

/** A failed apply, unless another run has already finished it (a run that was taken for dead and was not). */
export async function markFailed(db: Executor, id: number, failure: string): Promise<void> {
  await db.execute(sql`
    update roster_datasets set status = 'failed', failure = ${failure} where id = ${id} and status = 'applying'`);
}

/** Staff retry a failed (or interrupted) apply: applying again, by this person. */
export async function markApplying(db: Executor, id: number, userId: number): Promise<void> {
  await db.execute(sql`
    update roster_datasets set status = 'applying', applied_by = ${userId}, failure = null where id = ${id}`);
}

export async function markApplied(db: Executor, id: number, now: Date): Promise<void> {
  await db.execute(sql`
    update roster_datasets set status = 'applied', applied_at = ${now}::timestamptz, failure = null where id = ${id}`);
}

export async function insertClasses(
  db: Executor,
  q: { schoolId: number; calendarYear: number },
  values: Array<{ code: string; title: string; course_id: unknown; activation_code: string }>,
) {
  const { rows } = await db.execute<{ id: number; title: string; code: string }>(sql`
    insert into school_classes (school_id, course_id, title, class_type, features, calendar_year, activation_code)
    select ${q.schoolId}, course_id, title, 'N', 'STANDARD', ${q.calendarYear}, activation_code
    from jsonb_to_recordset(${json(values)}) as x(code text, title text, course_id int, activation_code text)
    returning id, title, activation_code as code`);
  return rows;
}

export async function updateClassTitles(db: Executor, schoolId: number, rows: Array<{ id: number; title: string }>) {
  await db.execute(sql`
    update school_classes c set title = x.title from jsonb_to_recordset(${json(rows)}) as x(id int, title text)
    where c.id = x.id and c.school_id = ${schoolId}`);
}

export async function insertUsers(
  db: Executor,
  rows: Array<{ email: string; first_name: string; last_name: string }>,
): Promise<Array<{ id: number; email: string }>> {
  const { rows: made } = await db.execute<{ id: number; email: string }>(sql`
    insert into users (email, first_name, last_name, password_hash, is_active)
    select email, first_name, last_name, null, true
    from jsonb_to_recordset(${json(rows)}) as x(email text, first_name text, last_name text)
    returning id, email`);
  return made;
}

export async function grantRole(db: Executor, userIds: number[], role: 'teacher' | 'student', grantedBy: number) {
  await db.execute(sql`
    insert into user_roles (user_id, role, granted_by)
    select (jsonb_array_elements_text(${json(userIds)}))::int, ${role}, ${grantedBy} on conflict do nothing`);
}

export async function insertProfiles(
  db: Executor,
  q: { schoolId: number; kind: 'teacher' | 'student' },
  rows: Array<{ code: string; user_id: number }>,
): Promise<Array<{ id: number; user_id: number }>> {
  const { rows: made } = await db.execute<{ id: number; user_id: number }>(sql`
    insert into profiles (user_id, school_id, kind, external_code)
    select user_id, ${q.schoolId}, ${q.kind}, code from jsonb_to_recordset(${json(rows)}) as x(code text, user_id int)
    on conflict (user_id, school_id, kind) do nothing
    returning id, user_id`);
  return made;
}

/** Only the fields that changed (an empty value keeps the current one). */
export async function updateNames(
  db: Executor,
  rows: Array<{ user_id: number; first_name: string; last_name: string }>,
): Promise<void> {
  await db.execute(sql`
    update users u set first_name = coalesce(nullif(x.first_name, ''), u.first_name),
      last_name = coalesce(nullif(x.last_name, ''), u.last_name)
    from jsonb_to_recordset(${json(rows)}) as x(user_id int, first_name text, last_name text)
    where u.id = x.user_id`);
}

/** Points the school's codes at what they stand for now; answers each row with what it pointed at before. */
export async function upsertExternalIds(
  db: Executor,
  q: { schoolId: number; datasetId: number; now: Date },
  rows: Array<{ kind: string; code: string; internal_id: number; imported: Record<string, unknown> }>,
) {
  const { rows: done } = await db.execute<{
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
      join jsonb_to_recordset(${json(rows)}) as n(kind text, code text) on n.kind = x.kind and n.code = x.code
      where x.school_id = ${q.schoolId}
    ), up as (
      insert into roster_external_ids (school_id, kind, code, internal_id, imported, dataset_id, updated_at)
      select ${q.schoolId}, kind, code, internal_id, imported, ${q.datasetId}, ${q.now}::timestamptz
      from jsonb_to_recordset(${json(rows)}) as n(kind text, code text, internal_id int, imported jsonb)
      on conflict (school_id, kind, code) do update set internal_id = excluded.internal_id, imported = excluded.imported,
        dataset_id = excluded.dataset_id, updated_at = excluded.updated_at
      returning id, kind, code, internal_id, imported
    )
    select up.*, old.internal_id as old_internal_id, old.imported as old_imported
    from up left join old on old.kind = up.kind and old.code = up.code`);
  return done;
}

/** Sets the access status of enrolments of the school; answers each with its status before. */
export async function setEnrolmentStatus(
  db: Executor,
  q: { schoolId: number; now: Date },
  ids: number[],
  to: number,
): Promise<Array<{ id: number; before: number }>> {
  const { rows } = await db.execute<{ id: number; before: number }>(sql`
    update enrolments e set access_status = ${to}, updated_at = ${q.now}::timestamptz
    from (select id, access_status as before from enrolments
          where school_id = ${q.schoolId} and id in (select (jsonb_array_elements_text(${json(ids)}))::int) for update) old
    where e.id = old.id returning e.id, old.before`);
  return rows;
}

/**
 * Enrols (UPLOADED) profiles in classes: a new enrolment, or one below LOCKED raised again. Answers each enrolment
 * written with its status before (null: created). The earlier status comes from a join, not a subquery per row.
 */
export async function upsertEnrolments(
  db: Executor,
  q: { schoolId: number; now: Date },
  rows: Array<{ class_id: number; profile_id: number }>,
): Promise<Array<{ id: number; before: number | null }>> {
  const { rows: done } = await db.execute<{ id: number; before: number | null }>(sql`
    with n as (
      select class_id, profile_id from jsonb_to_recordset(${json(rows)}) as n(class_id int, profile_id int)
    ), old as (
      select e.id, e.access_status from enrolments e join n on n.class_id = e.class_id and n.profile_id = e.profile_id
    ), up as (
      insert into enrolments (school_id, class_id, profile_id, access_status, created_at, updated_at)
      select ${q.schoolId}, class_id, profile_id, ${AccessStatus.UPLOADED}, ${q.now}::timestamptz, ${q.now}::timestamptz
      from n
      on conflict (class_id, profile_id) do update set access_status = excluded.access_status, updated_at = excluded.updated_at
        where enrolments.access_status < ${AccessStatus.LOCKED}
      returning id
    )
    select up.id, old.access_status as before from up left join old on old.id = up.id`);
  return done;
}

export async function insertTeacherLinks(
  db: Executor,
  schoolId: number,
  rows: Array<{ class_id: number; profile_id: number }>,
): Promise<void> {
  await db.execute(sql`
    insert into class_teachers (school_id, class_id, profile_id)
    select ${schoolId}, class_id, profile_id from jsonb_to_recordset(${json(rows)}) as n(class_id int, profile_id int)
    on conflict do nothing`);
}

export async function deleteTeacherLinks(
  db: Executor,
  schoolId: number,
  rows: Array<{ class_id: number; profile_id: number }>,
): Promise<void> {
  await db.execute(sql`
    delete from class_teachers t using jsonb_to_recordset(${json(rows)}) as n(class_id int, profile_id int)
    where t.school_id = ${schoolId} and t.class_id = n.class_id and t.profile_id = n.profile_id`);
}

export async function insertChanges(
  db: Executor,
  q: { datasetId: number; schoolId: number; now: Date },
  changes: ChangeRow[],
): Promise<void> {
  await db.execute(sql`
    insert into roster_changes (dataset_id, school_id, entity, entity_id, operation, before, after, applied_at)
    select ${q.datasetId}, ${q.schoolId}, entity, entity_id, operation, before, after, ${q.now}::timestamptz
    from jsonb_to_recordset(${json(changes)}) as x(entity text, entity_id int, operation text, before jsonb, after jsonb)`);
}

/** An apply queued by a person: applying, by them. */
export async function markQueued(db: Executor, id: number, userId: number): Promise<void> {
  await db.execute(sql`update roster_datasets set status = 'applying', applied_by = ${userId} where id = ${id}`);
}

export async function markApproved(db: Executor, id: number, userId: number): Promise<void> {
  await db.execute(sql`update roster_datasets set approved_by = ${userId} where id = ${id}`);
}
