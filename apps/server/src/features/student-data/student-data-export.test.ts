import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coveredColumns, EXPORT_SECTIONS, STAFF_ACTION_COLUMNS } from './student-data.sections';
import { ctx, FIRST, LAST, EMAIL, FILE_BYTES, foreignKeysToStudents, readZip, f } from './student-data.test-helpers';

describe('the export covers every table that references a student', () => {
  it('has an export section for every foreign key to users or profiles (a new table cannot be forgotten)', async () => {
    const covered = coveredColumns();
    const keys = await foreignKeysToStudents();
    expect(keys.length).toBeGreaterThan(20);
    const missing = keys.map((k) => `${k.table}.${k.column}`).filter((k) => !covered.has(k));
    expect(missing, 'tables.columns referencing users/profiles that the student data export does not read').toEqual([]);
    // Columns said to hold only staff who acted are still foreign keys to users (a renamed one would hide a table).
    const { rows: staffKeys } = await ctx.db.execute<{ key: string }>(sql`
      select cl.relname || '.' || a.attname as key from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid join pg_class rt on rt.oid = c.confrelid
      cross join lateral unnest(c.conkey) as k(attnum)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
      where c.contype = 'f' and rt.relname = 'users'`);
    const userKeys = new Set(staffKeys.map((r) => r.key));
    expect(STAFF_ACTION_COLUMNS.filter((c) => !userKeys.has(c))).toEqual([]);
    // And no section claims a column that is not a foreign key (a renamed column would otherwise pass unnoticed).
    const real = new Set(keys.map((k) => `${k.table}.${k.column}`));
    expect([...covered].filter((c) => !real.has(c))).toEqual([]);
  });

  it('seeds the test student into every one of those tables (so the next test proves each is exported)', async () => {
    const empty: string[] = [];
    for (const k of await foreignKeysToStudents()) {
      const { rows } = await ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from ${sql.identifier(k.table)} where ${sql.identifier(k.column)} = ${f.ids[k.references]}`);
      if (rows[0]!.n === 0) empty.push(`${k.table}.${k.column}`);
    }
    expect(empty, 'add a row for the test student to these tables in seed()').toEqual([]);
  });
});

describe('exporting a student', () => {
  it('refuses teachers who are not school admins, students and other schools (403 or 404)', async () => {
    const url = `/api/v1/student-data/users/${f.student.user.id}/export/`;
    expect((await (await ctx.client(f.teacher.user.id)).get(url)).statusCode).toBe(403);
    expect((await (await ctx.client(f.classmate.user.id)).get(url)).statusCode).toBe(403);
    expect((await (await ctx.client(f.foreignAdmin.user.id)).get(url)).statusCode).toBe(404);
    // Not a student: a teacher's account is not exported here.
    const staffClient = await ctx.client(f.staff.id);
    expect((await staffClient.get(`/api/v1/student-data/users/${f.teacher.user.id}/export/`)).statusCode).toBe(409);
  });

  it('gives a school admin a zip with a JSON and a CSV of every table, a README and the uploaded file', async () => {
    const client = await ctx.client(f.admin.user.id);
    const res = await client.get(`/api/v1/student-data/users/${f.student.user.id}/export/`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="student-data-\d+-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zip = await readZip(res.rawPayload);

    expect(zip.has('README.txt')).toBe(true);
    for (const section of EXPORT_SECTIONS) {
      expect(zip.has(`${section.table}.json`), section.table).toBe(true);
      expect(zip.has(`${section.table}.csv`), section.table).toBe(true);
    }
    const json = (table: string) => JSON.parse(zip.get(`${table}.json`)!.toString('utf8')) as Record<string, unknown>[];

    // A row from every table that references the student, found by the referencing column itself.
    const notExported: string[] = [];
    for (const k of await foreignKeysToStudents()) {
      if (!json(k.table).some((row) => row[k.column] === f.ids[k.references]))
        notExported.push(`${k.table}.${k.column}`);
    }
    expect(notExported).toEqual([]);
    expect(json('exam_answers')).toHaveLength(1);
    expect(json('email_outbox').map((r) => r.to)).toEqual([EMAIL]);

    // Secrets are left out; personal data is in.
    expect(json('users')[0]).toMatchObject({ first_name: FIRST, last_name: LAST, email: EMAIL });
    expect(json('users')[0]).not.toHaveProperty('password_hash');
    expect(json('sessions')[0]).not.toHaveProperty('id_hash');
    expect(json('password_tokens')[0]).not.toHaveProperty('token_hash');

    // The uploaded file, byte for byte, listed in files.json.
    const files = json('files');
    expect(files).toHaveLength(1);
    expect(zip.get(files[0]!.path_in_zip as string)).toEqual(FILE_BYTES);

    // CSV: a byte-order mark, a header of the table's columns, formulas neutralised.
    const events = zip.get('tracked_events.csv')!.toString('utf8');
    expect(events.startsWith('\uFEFFid,user_id,kind,name,')).toBe(true);
    expect(events).toContain(`'=HYPERLINK(""x"")`);

    // Audited: who exported which student.
    const { rows } = await ctx.db.execute<{ actor_user_id: number; entity_id: string }>(sql`
      select actor_user_id, entity_id from audit_log where action = 'export_student_data'`);
    expect(rows).toEqual([{ actor_user_id: f.admin.user.id, entity_id: String(f.student.user.id) }]);
  });
});
