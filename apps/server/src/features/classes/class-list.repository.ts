import { AccessStatus } from '@banksia/contracts/classes';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

function list(values: readonly (number | string)[]) {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** How each existing account with one of the emails stands towards the school and the class, in one query. */
export async function accountsByEmail(db: Executor, q: { emails: string[]; schoolId: number; classId: number }) {
  if (q.emails.length === 0) return [];
  const { rows } = await db.execute<{
    user_id: number;
    email: string;
    is_active: boolean;
    /** Holds a teacher profile or any role other than student. */
    non_student: boolean;
    school_profile_id: number | null;
    student_elsewhere: boolean;
    access_status: number | null;
  }>(sql`
    select u.id as user_id, u.email, u.is_active,
      (exists(select 1 from user_roles r where r.user_id = u.id and r.role <> 'student')
       or exists(select 1 from profiles p where p.user_id = u.id and p.kind = 'teacher')) as non_student,
      (select p.id from profiles p where p.user_id = u.id and p.school_id = ${q.schoolId} and p.kind = 'student')
        as school_profile_id,
      exists(select 1 from profiles p where p.user_id = u.id and p.kind = 'student' and p.school_id <> ${q.schoolId})
        as student_elsewhere,
      (select e.access_status from enrolments e join profiles p on p.id = e.profile_id
       where e.class_id = ${q.classId} and e.school_id = ${q.schoolId} and p.user_id = u.id and p.kind = 'student')
        as access_status
    from users u where u.email in ${list(q.emails)}`);
  return rows;
}

/** New student accounts without a password (they cannot sign in until one is set). Returns ids by email. */
export async function insertStudentUsers(
  db: Executor,
  users: { email: string; first_name: string; last_name: string }[],
  grantedBy: number,
) {
  if (users.length === 0) return [];
  const values = sql.join(
    users.map((u) => sql`(${u.email}, ${u.first_name}, ${u.last_name}, null, true)`),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: number; email: string }>(sql`
    insert into users (email, first_name, last_name, password_hash, is_active) values ${values}
    returning id, email`);
  await db.execute(sql`
    insert into user_roles (user_id, role, granted_by)
    select unnest(array[${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )}]::int[]), 'student', ${grantedBy}
    on conflict do nothing`);
  return rows;
}

/** Student profiles at the school for the users (created where missing); returns each user's profile id. */
export async function ensureStudentProfiles(db: Executor, schoolId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  await db.execute(sql`
    insert into profiles (user_id, school_id, kind)
    select unnest(array[${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]), ${schoolId}, 'student'
    on conflict (user_id, school_id, kind) do nothing`);
  const { rows } = await db.execute<{ id: number; user_id: number }>(sql`
    select id, user_id from profiles
    where school_id = ${schoolId} and kind = 'student' and user_id in ${list(userIds)}`);
  return rows;
}

/**
 * Enrols the profiles as UPLOADED: new enrolments are created, enrolments below LOCKED (unknown, removed) are raised
 * to UPLOADED, and higher ones are left as they are. Returns how many rows were written.
 */
export async function uploadEnrolments(
  db: Executor,
  q: { schoolId: number; classId: number; profileIds: number[]; now: Date },
): Promise<number> {
  if (q.profileIds.length === 0) return 0;
  const values = sql.join(
    q.profileIds.map(
      (id) =>
        sql`(${q.schoolId}, ${q.classId}, ${id}, ${AccessStatus.UPLOADED}, ${q.now}::timestamptz, ${q.now}::timestamptz)`,
    ),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into enrolments (school_id, class_id, profile_id, access_status, created_at, updated_at) values ${values}
    on conflict (class_id, profile_id) do update
      set access_status = excluded.access_status, updated_at = excluded.updated_at
      where enrolments.access_status < ${AccessStatus.LOCKED}
    returning id`);
  return rows.length;
}
