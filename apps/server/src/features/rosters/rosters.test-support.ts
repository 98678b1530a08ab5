import { rosterApplyResponse } from '@banksia/contracts/rosters';
import { sql } from 'drizzle-orm';
import { createCourse, createSchool, createTeacher, createUser } from '../../../test/factories';
import type { TestClient, TestContext } from '../../../test/harness';

/** Test support for the roster tests of every sub-feature: forms, Edval class lists, a school to upload for. */

/** A multipart form with several files. */
export function form(fields: Record<string, string>, files: Array<{ name: string; content: Buffer | string }>) {
  const boundary = '----roster-test';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const HEADER =
  'Student code,Surname,First name,Year,FloatsLetter,FloatsNumber,Course code,Class id,Class year,Teacher code,Teacher name,Subject';

/** An Edval class list: students 1..n in 9MAT1 (taught by JSM) and, the first five, also in 9ENG1 (KLE). */
export function edval(codes: number[], tag = 'Student') {
  const rows = [HEADER];
  for (const n of codes) {
    rows.push(`${n},${tag}${n},Kid,9,A,1,MAT,9MAT1,9,JSM,"Smith, John",Mathematics`);
    if (n <= 5) rows.push(`${n},${tag}${n},Kid,9,B,2,ENG,9ENG1,9,KLE,Kim Lee,English`);
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

export const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** The roster tests' steps, on the test app of the file that calls it. */
export function rosterTestKit(ctx: TestContext) {
  async function setup() {
    const school = await createSchool(ctx.db);
    await createCourse(ctx.db, { subject: 'Mathematics', defaultYearLevel: '9' });
    await createCourse(ctx.db, { subject: 'English' });
    const admin = await createTeacher(ctx.db, school, [], { roles: ['teacher', 'school_admin'] });
    const teacher = await createTeacher(ctx.db, school, []);
    const other = await createSchool(ctx.db);
    const otherAdmin = await createTeacher(ctx.db, other, [], { roles: ['teacher', 'school_admin'] });
    const staff = await createUser(ctx.db, { roles: ['roster_admin'] });
    return { school, admin, teacher, other, otherAdmin, staff };
  }

  async function upload(
    client: TestClient,
    schoolId: number,
    files: Array<{ name: string; content: Buffer | string }>,
    source = 'edval',
  ) {
    return client.request({
      method: 'POST',
      url: '/api/v1/rosters/datasets/',
      ...form({ source, school_id: String(schoolId), calendar_year: '2026' }, files),
    });
  }

  async function apply(client: TestClient, id: number) {
    const response = await client.post(`/api/v1/rosters/datasets/${id}/apply/`);
    const body = rosterApplyResponse.parse(response.json());
    if (body.status === 'applying') await ctx.jobs.runQueued('roster-apply', ctx.deps);
    return { response, body };
  }

  async function statuses(schoolId: number) {
    const { rows } = await ctx.db.execute<{ code: string; title: string; access_status: number }>(sql`
      select p.external_code as code, c.title, e.access_status from enrolments e
      join profiles p on p.id = e.profile_id join school_classes c on c.id = e.class_id
      where e.school_id = ${schoolId} order by c.title, p.external_code::int`);
    return rows;
  }

  return { setup, upload, apply, statuses };
}
