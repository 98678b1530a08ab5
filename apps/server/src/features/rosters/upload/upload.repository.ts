import type { RosterSourceName } from '@banksia/contracts/rosters';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db';
import { json, selectDatasets } from '../rosters.repository';

/** The dataset already made of these files for the school, year and source, if any. */
export async function findSameUpload(
  db: Executor,
  q: { schoolId: number; year: number; source: RosterSourceName; fileSha: string },
): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from roster_datasets
    where school_id = ${q.schoolId} and calendar_year = ${q.year} and source = ${q.source} and file_sha256 = ${q.fileSha}`);
  return rows[0]?.id ?? null;
}

/** A new parsed dataset; null when the same files were stored meanwhile (by someone else at the same moment). */
export async function insertDataset(
  db: Executor,
  d: {
    schoolId: number;
    year: number;
    source: RosterSourceName;
    fileSha: string;
    fileNames: string[];
    counts: Record<string, number>;
    errors: unknown[];
    mapping: unknown[] | null;
    userId: number;
    now: Date;
  },
): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into roster_datasets (school_id, calendar_year, source, file_sha256, file_names, status, counts, errors, mapping, created_by, created_at)
    values (${d.schoolId}, ${d.year}, ${d.source}, ${d.fileSha},
      array(select jsonb_array_elements_text(${json(d.fileNames)})),
      'parsed', ${JSON.stringify(d.counts)}::jsonb, ${JSON.stringify(d.errors)}::jsonb,
      ${d.mapping ? JSON.stringify(d.mapping) : null}::jsonb,
      ${d.userId}, ${d.now}::timestamptz)
    on conflict (school_id, calendar_year, source, file_sha256) do nothing
    returning id`);
  return rows[0]?.id ?? null;
}

export type RecordRow = { kind: string; key: string; data: unknown; file: string; line: number };

/** The dataset's records with the file and line each came from, 5,000 a statement. */
export async function insertRecords(db: Executor, datasetId: number, recordRows: RecordRow[]) {
  for (let i = 0; i < recordRows.length; i += 5000) {
    await db.execute(sql`
      insert into roster_records (dataset_id, kind, key, data, file, line)
      select ${datasetId}, kind, key, data, file, line
      from jsonb_to_recordset(${json(recordRows.slice(i, i + 5000))}) as x(kind text, key text, data jsonb, file text, line int)`);
  }
}

export async function markReviewing(db: Executor, id: number) {
  await db.execute(sql`update roster_datasets set status = 'reviewing' where id = ${id}`);
}

/** Datasets of a school and year (either may be null: all), of the given schools (null: every school). */
export async function listDatasetRows(
  db: Executor,
  q: { schoolId: number | null; calendarYear: number | null; schoolIds: number[] | null },
) {
  return selectDatasets(
    db,
    sql`(${q.schoolId}::int is null or d.school_id = ${q.schoolId})
      and (${q.calendarYear}::int is null or d.calendar_year = ${q.calendarYear})
      and (${q.schoolIds === null} or d.school_id in (select (jsonb_array_elements_text(${json(q.schoolIds ?? [])}))::int))`,
  );
}

/**
 * Another school whose roster holds most of these student codes with the same surnames: a file of that school
 * uploaded to the wrong one. Null when the codes are this school's or unknown.
 */
export async function otherSchoolOfCodes(
  db: Executor,
  schoolId: number,
  students: Array<{ code: string; lastName: string }>,
): Promise<{ school_id: number; name: string; hits: number } | null> {
  if (students.length === 0) return null;
  const rows = students.map((s) => ({ code: s.code, last_name: s.lastName.toLowerCase() }));
  const { rows: hits } = await db.execute<{ school_id: number; name: string; hits: number }>(sql`
    select x.school_id, s.name, count(*)::int as hits
    from roster_external_ids x
    join jsonb_to_recordset(${json(rows)}) as f(code text, last_name text)
      on f.code = x.code and lower(x.imported->>'last_name') = f.last_name
    join schools s on s.id = x.school_id
    where x.kind = 'student'
    group by x.school_id, s.name order by hits desc`);
  const here = hits.find((h) => h.school_id === schoolId)?.hits ?? 0;
  const top = hits.find((h) => h.school_id !== schoolId);
  if (!top || top.hits < Math.max(3, students.length / 2) || here >= top.hits / 10) return null;
  return top;
}
