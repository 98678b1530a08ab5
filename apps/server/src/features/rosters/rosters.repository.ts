import type { RosterDataset, RosterSourceName } from '@banksia/contracts/rosters';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/**
 * The roster datasets as every sub-feature reads them (upload, reconcile, apply, rollback), and the actor's standing
 * at a school that the policy decides on (rosters.policy.ts).
 */

/** A JSON array as one parameter, for bulk statements over jsonb_to_recordset (one round trip, no N+1). */
export function json(rows: unknown[]) {
  return sql`${JSON.stringify(rows)}::jsonb`;
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
export async function selectDatasets(db: Executor, where: SQL): Promise<DatasetRow[]> {
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

export async function lockDataset(db: Executor, id: number): Promise<void> {
  await db.execute(sql`select 1 from roster_datasets where id = ${id} for update`);
}

/** Whether the school exists, and whether the user holds a teacher profile there. */
export async function schoolStanding(db: Executor, userId: number, schoolId: number) {
  const { rows } = await db.execute<{ exists: boolean; teaches: boolean }>(sql`
    select exists(select 1 from schools where id = ${schoolId}) as exists,
      exists(select 1 from profiles p join schools s on s.id = p.school_id
        where p.user_id = ${userId} and p.school_id = ${schoolId} and p.kind = 'teacher') as teaches`);
  return rows[0] ?? { exists: false, teaches: false };
}

/** The schools where the user holds a teacher profile. */
export async function teacherSchoolIds(db: Executor, userId: number): Promise<number[]> {
  const { rows } = await db.execute<{ school_id: number }>(sql`
    select distinct school_id from profiles where user_id = ${userId} and kind = 'teacher'`);
  return rows.map((r) => r.school_id);
}
