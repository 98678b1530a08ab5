import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db';
import { json } from '../rosters.repository';

/** One change an apply wrote, with its before-image (apply/apply.repository.ts writes them). */
export type ChangeRow = {
  id: number;
  entity: 'user' | 'profile' | 'school_class' | 'class_teacher' | 'enrolment' | 'external_id';
  entity_id: number;
  operation: 'insert' | 'update' | 'delete';
  before: unknown;
  after: unknown;
};

/** The changes of a dataset's apply, newest first. */
export async function changesOf(db: Executor, datasetId: number): Promise<ChangeRow[]> {
  const { rows } = await db.execute<ChangeRow>(sql`
    select id, entity, entity_id, operation, before, after from roster_changes where dataset_id = ${datasetId} order by id desc`);
  return rows;
}

export async function restoreEnrolments(
  db: Executor,
  schoolId: number,
  rows: Array<{ id: number; access_status: number }>,
  now: Date,
) {
  await db.execute(sql`
    update enrolments e set access_status = x.access_status, updated_at = ${now}::timestamptz
    from jsonb_to_recordset(${json(rows)}) as x(id int, access_status int)
    where e.id = x.id and e.school_id = ${schoolId}`);
}

export async function deleteTeacherLinks(db: Executor, schoolId: number, links: unknown[]) {
  await db.execute(sql`
    delete from class_teachers t using jsonb_to_recordset(${json(links)}) as n(class_id int, profile_id int)
    where t.school_id = ${schoolId} and t.class_id = n.class_id and t.profile_id = n.profile_id`);
}

export async function insertTeacherLinks(db: Executor, schoolId: number, links: unknown[]) {
  await db.execute(sql`
    insert into class_teachers (school_id, class_id, profile_id)
    select ${schoolId}, class_id, profile_id from jsonb_to_recordset(${json(links)}) as n(class_id int, profile_id int)
    on conflict do nothing`);
}

export async function restoreClassTitles(db: Executor, schoolId: number, titles: Array<{ id: number; title: string }>) {
  await db.execute(sql`
    update school_classes c set title = x.title from jsonb_to_recordset(${json(titles)}) as x(id int, title text)
    where c.id = x.id and c.school_id = ${schoolId}`);
}

export async function restoreNames(db: Executor, names: unknown[]) {
  await db.execute(sql`
    update users u set first_name = coalesce(nullif(x.first_name, ''), u.first_name), last_name = coalesce(nullif(x.last_name, ''), u.last_name)
    from jsonb_to_recordset(${json(names)}) as x(id int, first_name text, last_name text) where u.id = x.id`);
}

export async function deleteExternalIds(db: Executor, schoolId: number, ids: number[]) {
  await db.execute(sql`
    delete from roster_external_ids where school_id = ${schoolId}
      and id in (select (jsonb_array_elements_text(${json(ids)}))::int)`);
}

export async function restoreExternalIds(db: Executor, schoolId: number, rows: unknown[]) {
  await db.execute(sql`
    update roster_external_ids x set internal_id = b.internal_id, imported = b.imported
    from jsonb_to_recordset(${json(rows)}) as b(id int, internal_id int, imported jsonb)
    where x.id = b.id and x.school_id = ${schoolId}`);
}

export async function markRolledBack(db: Executor, id: number, userId: number, now: Date) {
  await db.execute(sql`
    update roster_datasets set status = 'rolled_back', rolled_back_at = ${now}::timestamptz, rolled_back_by = ${userId}
    where id = ${id}`);
}
