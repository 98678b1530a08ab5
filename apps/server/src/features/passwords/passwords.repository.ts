import type { PasswordTokenPurpose } from '@banksia/contracts/passwords';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { passwordTokens, users } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export type TokenRow = typeof passwordTokens.$inferSelect;

export async function findUserById(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      isActive: users.isActive,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Voids a user's links not used yet (a newer link or a new password replaces them); `0` voids nothing. */
export async function voidTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/** `voidTokens` for many users in one statement. */
export async function voidTokensOf(db: Executor, userIds: number[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(inArray(passwordTokens.userId, userIds), isNull(passwordTokens.usedAt)));
}

/** Several links in one statement per thousand. */
export async function insertTokens(
  db: Executor,
  rows: Array<{ userId: number; tokenHash: string; purpose: PasswordTokenPurpose; createdAt: Date; expiresAt: Date }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(passwordTokens).values(rows.slice(i, i + 1000));
}

export async function insertToken(
  db: Executor,
  values: { userId: number; tokenHash: string; purpose: PasswordTokenPurpose; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordTokens).values(values);
}

/** A token by its hash, with its user's email and whether the user is active. */
export async function findToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordTokens.id,
      userId: passwordTokens.userId,
      purpose: passwordTokens.purpose,
      expiresAt: passwordTokens.expiresAt,
      usedAt: passwordTokens.usedAt,
      email: users.email,
      isActive: users.isActive,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(eq(passwordTokens.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Uses a token: one guarded update, so of two requests racing with the same token only one gets the row (the other
 * waits for the first's lock, then finds `used_at` set). Null when the token is unknown, used, expired, or its
 * user deactivated.
 */
export async function consumeToken(db: Executor, tokenHash: string, now: Date) {
  const { rows } = await db.execute<{ user_id: number; purpose: PasswordTokenPurpose }>(sql`
    update password_tokens t set used_at = ${now}::timestamptz
    from users u
    where t.token_hash = ${tokenHash} and t.used_at is null and t.expires_at > ${now}::timestamptz
      and u.id = t.user_id and u.is_active
    returning t.user_id, t.purpose`);
  return rows[0] ?? null;
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Schools where a user holds a profile (student or teacher), by name. */
export async function schoolsOfUser(db: Executor, userId: number) {
  const { rows } = await db.execute<{ id: number; name: string; teaches: boolean }>(sql`
    select s.id, s.name, bool_or(p.kind = 'teacher') as teaches
    from profiles p join schools s on s.id = p.school_id
    where p.user_id = ${userId}
    group by s.id, s.name
    order by s.name, s.id`);
  return rows;
}

export async function schoolName(db: Executor, schoolId: number): Promise<string | null> {
  const { rows } = await db.execute<{ name: string }>(sql`select name from schools where id = ${schoolId}`);
  return rows[0]?.name ?? null;
}

/** Users by id with their first names and emails (invitations for a class list). */
export async function usersByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id);
}

/** Deletes links expired (or used) before a time. */
export async function deleteTokensBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(passwordTokens)
    .where(lt(passwordTokens.expiresAt, before))
    .returning({ id: passwordTokens.id });
  return deleted.length;
}
