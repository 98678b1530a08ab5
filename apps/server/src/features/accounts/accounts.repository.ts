import type { Role } from '@banksia/contracts/accounts';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { loginFailures, sessions, signIns, userRoles, users } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

/**
 * What a sign-in needs before the password is checked, in ONE statement: the failures that throttle it since `since`
 * (this email from this address, with the latest; every email from this address, with the oldest; ms since the
 * epoch), the account if there is one with this email, and, for an anonymous trial account, its class's type and
 * expiration date and its school's time zone (trial_accounts has one row per account).
 */
export async function signInFacts(db: Executor, email: string, ip: string, since: Date) {
  const { rows } = await db.execute<{
    pair_n: number;
    pair_latest: number | null;
    address_n: number;
    address_oldest: number | null;
    id: number | null;
    password_hash: string | null;
    is_active: boolean | null;
    trial_class_type: string | null;
    trial_expiration_date: string | null;
    trial_time_zone: string | null;
  }>(sql`
    select pair.n as pair_n, pair.latest as pair_latest, address.n as address_n, address.oldest as address_oldest,
      u.id, u.password_hash, u.is_active,
      c.class_type as trial_class_type, c.expiration_date::text as trial_expiration_date, s.time_zone as trial_time_zone
    from (select count(*)::int as n, (extract(epoch from max(f.at)) * 1000)::float8 as latest
          from ${loginFailures} f where f.email = ${email} and f.ip = ${ip} and f.at > ${since}) pair
    cross join (select count(*)::int as n, (extract(epoch from min(f.at)) * 1000)::float8 as oldest
                from ${loginFailures} f where f.ip = ${ip} and f.at > ${since}) address
    left join ${users} u on u.email = ${email}
    left join trial_accounts t on t.user_id = u.id
    left join school_classes c on c.id = t.class_id
    left join schools s on s.id = c.school_id`);
  const row = rows[0]!;
  return {
    failures: {
      pair: { n: row.pair_n, latest: row.pair_latest === null ? null : new Date(row.pair_latest) },
      address: { n: row.address_n, oldest: row.address_oldest === null ? null : new Date(row.address_oldest) },
    },
    user: row.id === null ? null : { id: row.id, passwordHash: row.password_hash, isActive: row.is_active! },
    // For an anonymous trial account, its class's type and expiration date; null for every other account.
    trial:
      row.trial_class_type === null
        ? null
        : {
            class_type: row.trial_class_type,
            expiration_date: row.trial_expiration_date,
            time_zone: row.trial_time_zone!,
          },
  };
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function recordFailure(db: Executor, email: string, ip: string, at: Date): Promise<void> {
  await db.insert(loginFailures).values({ email, ip, at });
}

export async function updateNames(db: Executor, userId: number, firstName: string, lastName: string): Promise<void> {
  await db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export type MeProfile = {
  profile_id: number;
  school_id: number;
  school_name: string;
  school_slug: string;
  kind: 'student' | 'teacher';
};

export type MeClass = {
  id: number;
  course_id: number;
  course_title: string;
  title: string;
  calendar_year: number;
  class_type: 'N' | 'C' | 'TT' | 'ST';
  role: 'teacher' | 'student';
  school_id: number;
};

/** A user's profiles with their schools. */
function profilesSql(userId: number): SQL {
  return sql`
    select p.id as profile_id, s.id as school_id, s.name as school_name, s.slug as school_slug, p.kind
    from profiles p join schools s on s.id = p.school_id
    where p.user_id = ${userId}`;
}

/**
 * The classes a user teaches or studies in; as a student, only those not expired at `now` (the date read in the
 * class's school's time zone, ADR 048), but expired trials too (read-only).
 */
function classesSql(userId: number, now: Date): SQL {
  return sql`
    select c.id, c.course_id, co.title as course_title, c.title, c.calendar_year, c.class_type, m.role, c.school_id
    from (
      select ct.class_id, 'teacher' as role from class_teachers ct
        join profiles p on p.id = ct.profile_id where p.user_id = ${userId}
      union
      select e.class_id, 'student' as role from enrolments e
        join profiles p on p.id = e.profile_id where p.user_id = ${userId} and e.access_status >= 25
    ) m
    join school_classes c on c.id = m.class_id
    join courses co on co.id = c.course_id
    join schools s on s.id = c.school_id
    where m.role = 'teacher' or c.class_type in ('TT', 'ST') or c.expiration_date is null
      or c.expiration_date >= (${now.toISOString()}::timestamptz at time zone s.time_zone)::date`;
}

/**
 * Everything the /auth/me/ answer is made of, in ONE statement (a sign-in reads it while argon2 works, and every
 * statement there is one more backend competing for the two cores): the user, their roles, their profiles (by school
 * name, then kind) and their classes (newest year first, then by title). Null for an unknown user.
 */
export async function meParts(db: Executor, userId: number, now: Date) {
  const { rows } = await db.execute<{
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    roles: Role[];
    profiles: MeProfile[];
    classes: MeClass[];
  }>(sql`
    select u.id, u.email, u.first_name, u.last_name,
      coalesce((select json_agg(r.role) from ${userRoles} r where r.user_id = u.id), '[]'::json) as roles,
      coalesce((select json_agg(p order by p.school_name, p.kind) from (${profilesSql(userId)}) p), '[]'::json)
        as profiles,
      coalesce((select json_agg(c order by c.calendar_year desc, c.title) from (${classesSql(userId, now)}) c),
               '[]'::json) as classes
    from ${users} u where u.id = ${userId}`);
  return rows[0] ?? null;
}

export async function rolesOf(db: Executor, userId: number): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).sort();
}

export async function grantRole(db: Executor, userId: number, role: Role, grantedBy: number): Promise<void> {
  await db.insert(userRoles).values({ userId, role, grantedBy }).onConflictDoNothing();
}

export async function revokeRole(db: Executor, userId: number, role: Role): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}

export async function setActive(db: Executor, userId: number, isActive: boolean): Promise<void> {
  await db.update(users).set({ isActive }).where(eq(users.id, userId));
}

/** Users matching a filter, with roles and school names, in one query (one page). */
async function listUsersWhere(db: Executor, where: SQL | undefined, page = { limit: 1, offset: 0 }) {
  const { rows } = await db.execute<{
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    is_active: boolean;
    roles: Role[];
    schools: string[];
  }>(sql`
    select users.id, users.email, users.first_name, users.last_name, users.is_active,
      coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = users.id), '{}') as roles,
      coalesce((select array_agg(distinct s.name) from profiles p join schools s on s.id = p.school_id
                where p.user_id = users.id), '{}') as schools
    from users
    ${where ? sql`where ${where}` : sql``}
    order by users.last_name, users.first_name, users.id
    limit ${page.limit} offset ${page.offset}`);
  return rows;
}

/** A page of users whose email, name or one of whose schools' names contains the search text, and how many match. */
export async function searchUsers(db: Executor, q: string | undefined, page: { limit: number; offset: number }) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        sql`exists (select 1 from profiles p join schools s on s.id = p.school_id
                    where p.user_id = ${users.id} and s.name ilike ${pattern})`,
      )
    : undefined;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows: await listUsersWhere(db, where, page), count: total?.n ?? 0 };
}

/** One user as the admin list shows them. */
export async function userListItem(db: Executor, userId: number) {
  const [row] = await listUsersWhere(db, eq(users.id, userId));
  return row ?? null;
}

/**
 * A successful sign-in's four writes in ONE statement, so one commit: the new session, the account's failures from
 * this address forgiven (a success forgives them), the last sign-in time, and the history row. Each part is drizzle's own insert, delete or
 * update, joined as data-modifying CTEs.
 */
export async function completeSignIn(
  db: Executor,
  w: {
    session: typeof sessions.$inferInsert;
    email: string;
    ip: string;
    signIn: typeof signIns.$inferInsert & { userId: number; at: Date };
  },
): Promise<void> {
  const parts = [
    db.insert(sessions).values(w.session),
    db.delete(loginFailures).where(and(eq(loginFailures.email, w.email), eq(loginFailures.ip, w.ip))),
    db.update(users).set({ lastLoginAt: w.signIn.at }).where(eq(users.id, w.signIn.userId)),
    db.insert(signIns).values(w.signIn),
  ];
  const ctes = sql.join(
    parts.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part.getSQL()})`),
    sql`, `,
  );
  await db.execute(sql`with ${ctes} select 1`);
}

export async function insertSignIn(db: Executor, row: typeof signIns.$inferInsert): Promise<void> {
  await db.insert(signIns).values(row);
}

export async function signInsOf(db: Executor, userId: number, limit: number) {
  return db
    .select()
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.at), desc(signIns.id))
    .limit(limit);
}

/** A user by (lower-case) email, with what a set-password link needs. */
export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      isActive: users.isActive,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}
