import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { auditAbout, type ExportSection, type StudentIds } from './student-data.sections';

export type StudentAccount = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: string[];
  profiles: { id: number; school_id: number; kind: 'student' | 'teacher' }[];
};

/** The user with their roles and profiles; locked for update when `forUpdate` (erasure). */
export async function findAccount(db: Executor, userId: number, forUpdate = false): Promise<StudentAccount | null> {
  const { rows } = await db.execute<StudentAccount>(sql`
    select u.id, u.email, u.first_name, u.last_name,
      coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}') as roles,
      coalesce((select json_agg(json_build_object('id', p.id, 'school_id', p.school_id, 'kind', p.kind) order by p.id)
        from profiles p where p.user_id = u.id), '[]') as profiles
    from users u where u.id = ${userId}
    ${forUpdate ? sql`for update of u` : sql``}`);
  return rows[0] ?? null;
}

/** The schools where the user holds a teacher profile. */
export async function teachingSchoolIds(db: Executor, userId: number): Promise<number[]> {
  const { rows } = await db.execute<{ school_id: number }>(
    sql`select distinct school_id from profiles where user_id = ${userId} and kind = 'teacher'`,
  );
  return rows.map((r) => r.school_id);
}

/** One section's rows, each an object of the table's columns in their order (secret columns left out). */
export async function readSection(db: Executor, section: ExportSection, ids: StudentIds) {
  const { rows } = await db.execute<{ row: Record<string, unknown> }>(sql`
    select row_to_json(t) as row from ${sql.identifier(section.table)} t
    where ${section.where(ids)}
    ${section.orderBy ? sql`order by ${sql.raw(section.orderBy)}` : sql``}`);
  return rows.map(({ row }) => {
    for (const column of section.omit ?? []) delete row[column];
    return row;
  });
}

/** The table's columns in order (the CSV header when the student has no rows in it). */
export async function columnsOf(db: Executor, table: string, omit: readonly string[] = []): Promise<string[]> {
  const { rows } = await db.execute<{ column_name: string }>(sql`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by ordinal_position`);
  return rows.map((r) => r.column_name).filter((c) => !omit.includes(c));
}

// ----------------------------------------------------------------------------------------------------------------
// Erasure

/** Replaces who the student is on the account: names, a placeholder address, no password, inactive. */
export async function anonymiseAccount(
  tx: Executor,
  userId: number,
  placeholderEmail: string,
  names: [string, string],
) {
  await tx.execute(sql`
    update users set first_name = ${names[0]}, last_name = ${names[1]}, email = ${placeholderEmail},
      password_hash = null, is_active = false
    where id = ${userId}`);
  await tx.execute(sql`update profiles set external_code = null where user_id = ${userId}`);
  await tx.execute(sql`delete from sessions where user_id = ${userId}`);
  await tx.execute(sql`delete from password_tokens where user_id = ${userId}`);
  // Addresses and browsers of their sign-ins identify them; the rest of the history goes with it.
  await tx.execute(sql`delete from sign_ins where user_id = ${userId}`);
  // The identity provider's id for them is who they are there: unlinked, the school account no longer signs in here.
  await tx.execute(sql`delete from sso_identities where user_id = ${userId}`);
}

/** What an erased student's notes say instead of their text: the grids still count that a note was taken. */
export const REMOVED_NOTE = '<p>[removed: the student was erased]</p>';

/** Removes the text the student wrote for themselves or to support, and what was written to their address. */
export async function removePersonalText(tx: Executor, ids: StudentIds) {
  const profiles = sql.param(ids.profileIds);
  const notes = await tx.execute(
    sql`update lesson_notes set html = ${REMOVED_NOTE}, version = version + 1 where profile_id = any(${profiles}::int[])`,
  );
  const questionNotes = await tx.execute(
    sql`update exam_question_notes set body = ${REMOVED_NOTE}, version = version + 1
      where profile_id = any(${profiles}::int[])`,
  );
  const support = await tx.execute(sql`
    update support_requests set message = '[removed: the student was erased]', email = null, ip = null,
      user_agent = null
    where user_id = ${ids.userId} or email = ${ids.email}`);
  const emails = await tx.execute(sql`delete from email_outbox where "to" = ${ids.email}`);
  await tx.execute(sql`delete from login_failures where email = ${ids.email}`);
  return {
    lesson_notes: notes.rowCount ?? 0,
    exam_question_notes: questionNotes.rowCount ?? 0,
    support_requests: support.rowCount ?? 0,
    emails_deleted: emails.rowCount ?? 0,
  };
}

/** A row whose JSON or text fields are rewritten in JavaScript (names replaced word by word). */
export interface ScrubbableRow {
  id: number;
  values: Record<string, unknown>;
}

/** The student's own rows whose text may name them: activity answers, exam answers and feedback, audit entries. */
export async function rowsToScrub(tx: Executor, ids: StudentIds) {
  const profiles = sql.param(ids.profileIds);
  const responses = await tx.execute<{ id: number; block_responses: unknown }>(sql`
    select id, block_responses from activity_responses where profile_id = any(${profiles}::int[]) for update`);
  const answers = await tx.execute<{ id: number; answer: unknown; feedback: string }>(sql`
    select a.id, a.answer, a.feedback from exam_answers a join exam_sittings s on s.id = a.sitting_id
    where s.profile_id = any(${profiles}::int[]) for update of a`);
  const audits = await tx.execute<{ id: number; before: unknown; after: unknown }>(sql`
    select t.id, t.before, t.after from audit_log t
    where t.actor_user_id = ${ids.userId} or ${auditAbout(ids)} for update`);
  return { responses: responses.rows, answers: answers.rows, audits: audits.rows };
}

export async function updateResponse(tx: Executor, id: number, blockResponses: unknown) {
  await tx.execute(
    sql`update activity_responses set block_responses = ${JSON.stringify(blockResponses)}::jsonb where id = ${id}`,
  );
}

export async function updateAnswer(tx: Executor, id: number, answer: unknown, feedback: string) {
  await tx.execute(sql`
    update exam_answers set answer = ${answer === null ? null : JSON.stringify(answer)}::jsonb, feedback = ${feedback}
    where id = ${id}`);
}

export async function updateAudit(tx: Executor, id: number, before: unknown, after: unknown) {
  await tx.execute(sql`
    update audit_log set before = ${before === null ? null : JSON.stringify(before)}::jsonb,
      after = ${after === null ? null : JSON.stringify(after)}::jsonb
    where id = ${id}`);
}

/** Every text, varchar and jsonb column of every table of the database, by table (system schemas left out). */
export async function textColumns(db: Executor) {
  const { rows } = await db.execute<{ schema: string; table: string; columns: { name: string; type: string }[] }>(sql`
    select n.nspname as schema, c.relname as table,
      json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, null)) order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind = 'r'
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      and format_type(a.atttypid, null) in ('text', 'character varying', 'jsonb', 'json')
    group by n.nspname, c.relname
    order by n.nspname, c.relname`);
  return rows;
}

/** A replacement made across the database: a PostgreSQL regular expression (matched case-insensitively) and its text. */
export interface Replacement {
  pattern: string;
  replacement: string;
}

/**
 * Makes each replacement, in order, in every text and JSON column of one table; answers how many rows changed. JSON
 * is rewritten as text and read back, so replacements must not contain quotes or backslashes.
 */
export async function scrubTable(
  tx: Executor,
  table: { schema: string; table: string; columns: { name: string; type: string }[] },
  replacements: readonly Replacement[],
): Promise<number> {
  const isJson = (c: { type: string }) => c.type === 'jsonb' || c.type === 'json';
  const asText = (c: { name: string; type: string }) =>
    isJson(c) ? sql`${sql.identifier(c.name)}::text` : sql`${sql.identifier(c.name)}`;
  const matchesAny = (c: { name: string; type: string }) =>
    sql.join(
      replacements.map((r) => sql`${asText(c)} ~* ${r.pattern}`),
      sql` or `,
    );
  const sets = table.columns.map((c) => {
    let replaced = asText(c);
    for (const r of replacements) replaced = sql`regexp_replace(${replaced}, ${r.pattern}, ${r.replacement}, 'gi')`;
    const value = isJson(c) ? sql`(${replaced})::${sql.raw(c.type)}` : replaced;
    return sql`${sql.identifier(c.name)} = case when ${matchesAny(c)} then ${value} else ${sql.identifier(c.name)} end`;
  });
  const result = await tx.execute(sql`
    update ${sql.identifier(table.schema)}.${sql.identifier(table.table)}
    set ${sql.join(sets, sql`, `)}
    where ${sql.join(
      table.columns.map((c) => sql`(${matchesAny(c)})`),
      sql` or `,
    )}`);
  return result.rowCount ?? 0;
}
