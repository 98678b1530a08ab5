import { and, arrayOverlaps, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { ssoConnections, ssoIdentities, ssoLoginStates, ssoSeenAssertions } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type NewSsoConnection = typeof ssoConnections.$inferInsert;
export type SsoLoginState = typeof ssoLoginStates.$inferSelect;

export async function listConnections(db: Executor, schoolId?: number): Promise<SsoConnectionRow[]> {
  return db
    .select()
    .from(ssoConnections)
    .where(schoolId === undefined ? undefined : eq(ssoConnections.schoolId, schoolId))
    .orderBy(asc(ssoConnections.schoolId), asc(ssoConnections.name), asc(ssoConnections.id));
}

export async function findConnection(db: Executor, id: number): Promise<SsoConnectionRow | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.id, id));
  return row;
}

/** Other connections that claim any of the domains (a domain belongs to one connection). */
export async function connectionsClaiming(db: Executor, domains: string[], exceptId?: number) {
  return db
    .select({ id: ssoConnections.id, emailDomains: ssoConnections.emailDomains })
    .from(ssoConnections)
    .where(
      and(
        arrayOverlaps(ssoConnections.emailDomains, domains),
        exceptId === undefined ? undefined : ne(ssoConnections.id, exceptId),
      ),
    );
}

/** The enabled connection that owns an email domain, if any. */
export async function enabledConnectionForDomain(db: Executor, domain: string): Promise<SsoConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.enabled, true), sql`${domain} = any(${ssoConnections.emailDomains})`))
    .limit(1);
  return row;
}

export async function insertConnection(db: Executor, values: NewSsoConnection): Promise<SsoConnectionRow> {
  const [row] = await db.insert(ssoConnections).values(values).returning();
  return row!;
}

export async function updateConnection(
  db: Executor,
  id: number,
  values: Partial<NewSsoConnection>,
): Promise<SsoConnectionRow | undefined> {
  const [row] = await db.update(ssoConnections).set(values).where(eq(ssoConnections.id, id)).returning();
  return row;
}

export async function deleteConnection(db: Executor, id: number): Promise<void> {
  await db.delete(ssoConnections).where(eq(ssoConnections.id, id));
}

export async function insertLoginState(db: Executor, row: SsoLoginState): Promise<void> {
  await db.insert(ssoLoginStates).values(row);
}

/** Takes a sign-in under way (deletes it: single-use), if it has not expired. */
export async function takeLoginState(db: Executor, state: string, now: Date): Promise<SsoLoginState | undefined> {
  const [row] = await db.delete(ssoLoginStates).where(eq(ssoLoginStates.state, state)).returning();
  return row && row.expiresAt > now ? row : undefined;
}

export async function deleteExpiredLoginStates(db: Executor, now: Date): Promise<void> {
  await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now));
}

export async function findIdentity(db: Executor, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  return row;
}

export async function insertIdentity(
  db: Executor,
  values: { connectionId: number; userId: number; issuer: string; subject: string; at: Date },
): Promise<void> {
  await db.insert(ssoIdentities).values({ ...values, createdAt: values.at, lastSignInAt: values.at });
}

export async function touchSignIn(db: Executor, connectionId: number, identityKey: [string, string], at: Date) {
  await db.update(ssoConnections).set({ lastSignInAt: at }).where(eq(ssoConnections.id, connectionId));
  await db
    .update(ssoIdentities)
    .set({ lastSignInAt: at })
    .where(and(eq(ssoIdentities.issuer, identityKey[0]), eq(ssoIdentities.subject, identityKey[1])));
}

/** Records an accepted SAML assertion id; false when it was seen before (a replay). */
export async function rememberAssertion(db: Executor, assertionId: string, expiresAt: Date, now: Date) {
  await db.delete(ssoSeenAssertions).where(lt(ssoSeenAssertions.expiresAt, now));
  const rows = await db
    .insert(ssoSeenAssertions)
    .values({ assertionId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: ssoSeenAssertions.assertionId });
  return rows.length === 1;
}

/** Whether a sign-in state is live (for tests and the SAML InResponseTo check). */
export async function liveLoginState(db: Executor, state: string, now: Date) {
  const [row] = await db
    .select()
    .from(ssoLoginStates)
    .where(and(eq(ssoLoginStates.state, state), gt(ssoLoginStates.expiresAt, now)));
  return row;
}
