import { progressGridSchema } from '@banksia/contracts/progress-grids';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseReplacements, ownRowReplacements, scrubValue } from './student-data.scrub';
import { ctx, FIRST, LAST, EMAIL, PASSWORD, whereInDatabase, f } from './student-data.test-helpers';

describe('erasing a student', () => {
  const url = () => `/api/v1/student-data/users/${f.student.user.id}/erase/`;

  it('refuses a teacher who is not a school admin, students and other schools', async () => {
    const body = { confirm_name: `${FIRST} ${LAST}` };
    expect((await (await ctx.client(f.teacher.user.id)).post(url(), body)).statusCode).toBe(403);
    expect((await (await ctx.client(f.classmate.user.id)).post(url(), body)).statusCode).toBe(403);
    expect((await (await ctx.client(f.foreignAdmin.user.id)).post(url(), body)).statusCode).toBe(404);
  });

  it('needs the full name typed; a wrong name changes nothing', async () => {
    const client = await ctx.client(f.admin.user.id);
    const res = await client.post(url(), { confirm_name: FIRST });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['confirm_name']);
    expect(await whereInDatabase(LAST)).not.toEqual([]);
  });

  it('removes who they are everywhere, keeps their work in the class grid, and they can no longer sign in', async () => {
    const teacher = await ctx.client(f.teacher.user.id);
    const gridUrl = `/api/v1/classes/${f.klass.id}/progress-grids/lesson/${f.lesson.id}/`;
    const rowOf = async () => {
      const grid = progressGridSchema.parse((await teacher.get(gridUrl)).json());
      return grid.rows.find((r) => r.student?.profile_id === f.student.profile.id);
    };
    const before = await rowOf();
    expect(before?.label).toBe(`${FIRST} ${LAST}`);
    expect(before?.cells[0]?.status).toBe('visited');

    const client = await ctx.client(f.admin.user.id);
    // Case and spacing are forgiven.
    const res = await client.post(url(), { confirm_name: `  ${FIRST.toLowerCase()}   ${LAST} ` });
    expect(res.statusCode, res.body).toBe(200);

    // Not in any text, varchar or JSON column of any table of the database.
    for (const needle of [`${FIRST} ${LAST}`, FIRST, LAST, EMAIL, EMAIL.split('@')[0]!]) {
      expect(await whereInDatabase(needle), needle).toEqual([]);
    }

    // The work stays on the same profile: the grid still counts it, under the erased name.
    const after = await rowOf();
    expect(after?.label).toBe('Erased student');
    expect(after?.cells).toEqual(before?.cells);
    const { rows: kept } = await ctx.db.execute<{
      visits: number;
      sittings: number;
      answers: number;
      responses: number;
    }>(sql`
      select (select count(*)::int from chunk_visits where profile_id = ${f.student.profile.id}) as visits,
        (select count(*)::int from exam_sittings where profile_id = ${f.student.profile.id}) as sittings,
        (select count(*)::int from exam_answers a join exam_sittings s on s.id = a.sitting_id
          where s.profile_id = ${f.student.profile.id} and a.marks_awarded = 1) as answers,
        (select count(*)::int from activity_responses where profile_id = ${f.student.profile.id}
          and block_responses->'upload1'->>'file_key' = ${f.fileKey}) as responses`);
    expect(kept[0]).toEqual({ visits: 1, sittings: 1, answers: 1, responses: 1 });

    // Notes and support text removed, emails to them deleted, the account closed.
    const { rows: account } = await ctx.db.execute<Record<string, unknown>>(sql`
      select u.first_name, u.last_name, u.email, u.password_hash, u.is_active,
        (select count(*)::int from sessions where user_id = u.id) as sessions,
        (select count(*)::int from password_tokens where user_id = u.id) as tokens,
        (select html from lesson_notes where profile_id = ${f.student.profile.id}) as note
      from users u where u.id = ${f.student.user.id}`);
    expect(account[0]).toEqual({
      first_name: 'Erased',
      last_name: 'student',
      email: `erased-student-${f.student.user.id}@erased.invalid`,
      password_hash: null,
      is_active: false,
      sessions: 0,
      tokens: 0,
      note: '<p>[removed: the student was erased]</p>',
    });

    // Signing in fails, with the old address or the placeholder; the old session is gone.
    const anonymous = await ctx.client();
    for (const email of [EMAIL, `erased-student-${f.student.user.id}@erased.invalid`]) {
      const login = await anonymous.post('/api/v1/auth/login/', { email, password: PASSWORD });
      expect(login.statusCode, email).toBe(400);
    }
    expect((await f.studentClient.get('/api/v1/auth/me/')).statusCode).toBe(401);

    // Audited, without the name (the scan above covers the audit log too).
    const { rows: audits } = await ctx.db.execute<{ actor_user_id: number }>(sql`
      select actor_user_id from audit_log where action = 'erase_student' and entity_id = ${String(f.student.user.id)}`);
    expect(audits).toEqual([{ actor_user_id: f.admin.user.id }]);

    // Nobody else changed: the classmate keeps their name and address.
    const { rows: classmate } = await ctx.db.execute<{ first_name: string; email: string }>(sql`
      select first_name, email from users where id = ${f.classmate.user.id}`);
    expect(classmate[0]).toEqual({ first_name: f.classmate.user.firstName, email: f.classmate.user.email });

    // Erasing again is a conflict, not a second erasure.
    expect((await client.post(url(), { confirm_name: 'Erased student' })).statusCode).toBe(409);
  });
});

describe('what erasure matches', () => {
  const person = { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@x.test', placeholderEmail: 'p@erased.invalid' };

  it('across the database: the address and the full name, not a longer address or a name inside a word', async () => {
    const replace = async (text: string) => {
      let expression = sql`${text}::text`;
      for (const r of databaseReplacements(person)) {
        expression = sql`regexp_replace(${expression}, ${r.pattern}, ${r.replacement}, 'gi')`;
      }
      const { rows } = await ctx.db.execute<{ out: string }>(sql`select ${expression} as out`);
      return rows[0]!.out;
    };
    expect(await replace('Mail ANN.LEE@x.test, not joann.lee@x.test or ann.lee@x.test.au.')).toBe(
      'Mail p@erased.invalid, not joann.lee@x.test or ann.lee@x.test.au.',
    );
    expect(await replace('Ann  Lee, Lee, Ann and lee ann; Annabel Leeds, Ann alone')).toBe(
      'Erased student, Erased student and Erased student; Annabel Leeds, Ann alone',
    );
  });

  it("in the student's own rows: each name as a word, everywhere but file keys", () => {
    const { value, changed } = scrubValue(
      { file_key: 'uploads/school-1/user-2/x-Ann_Lee.pdf', text: 'Ann wrote this, Leeann did not', list: ['LEE'] },
      ownRowReplacements(person),
    );
    expect(changed).toBe(true);
    expect(value).toEqual({
      file_key: 'uploads/school-1/user-2/x-Ann_Lee.pdf',
      text: '[name removed] wrote this, Leeann did not',
      list: ['[name removed]'],
    });
    expect(scrubValue({ a: 'nothing here' }, ownRowReplacements(person)).changed).toBe(false);
  });
});
