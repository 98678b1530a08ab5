import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@banksia/contracts/accounts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessions } from '../db/schema/index';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Executor } from './db';

/** The session cookie's name over plain HTTP (development); behind HTTPS it is `__Host-` this (sessionCookieName). */
export const SESSION_COOKIE = 'banksia_session';

/**
 * The session cookie's name: with secure cookies `__Host-banksia_session`, which a browser keeps only when it is
 * Secure, has Path=/ and no Domain, so no other host (a sibling subdomain) can set or shadow it (ASVS 3.3.1). Plain
 * HTTP cannot hold a `__Host-` cookie, so development keeps the bare name.
 */
export function sessionCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}
/** A session's last-seen time is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** The signed-in user behind a request. */
export interface Actor {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  /** The request may change state (an unsafe HTTP method): read-only places (an expired trial class) refuse it. */
  writes?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** SHA-256 of the session cookie, when the request carries a live session. */
    sessionHash: string | null;
  }
}

/** Hashes a session token; only hashes are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionDeps {
  db: Database;
  clock: Clock;
  config: Config;
}

/**
 * A new session for a user, not yet stored: the cookie value (a fresh 256-bit id: no fixation), its hash and expiry,
 * and the row to insert. Sign-in stores the row in the same statement as its other writes; createSession stores it
 * alone.
 */
export function newSession(
  deps: Pick<SessionDeps, 'clock' | 'config'>,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
): { token: string; hash: string; expiresAt: Date; row: typeof sessions.$inferInsert } {
  const token = randomBytes(32).toString('base64url');
  const hash = hashToken(token);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.session.absoluteMs);
  const row = {
    idHash: hash,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  };
  return { token, hash, expiresAt, row };
}

/** Creates a session for a user and returns the cookie value. */
export async function createSession(
  deps: SessionDeps,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; hash: string; expiresAt: Date }> {
  const { row, ...session } = newSession(deps, userId, meta);
  await deps.db.insert(sessions).values(row);
  return session;
}

/** Ends one session. */
export async function revokeSession(db: Executor, hash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hash));
}

/** Ends every session of a user, optionally keeping one (the caller's own). */
export async function revokeUserSessions(db: Executor, userId: number, keepHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepHash)) : eq(sessions.userId, userId));
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure when configured. */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  void reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
  });
}

interface SessionRow extends Record<string, unknown> {
  user_id: number;
  last_seen_at: Date;
  expires_at: Date;
  email: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  roles: Role[];
}

async function loadActor(deps: SessionDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.actor = null;
  request.sessionHash = null;
  const token = request.cookies[sessionCookieName(deps.config)];
  if (!token) return;
  const hash = hashToken(token);
  const { rows } = await deps.db.execute<SessionRow>(sql`
    select s.user_id, s.last_seen_at, s.expires_at, u.email, u.first_name, u.last_name, u.is_active,
           coalesce(array_agg(r.role order by r.role) filter (where r.role is not null), '{}') as roles
    from sessions s
    join users u on u.id = s.user_id
    left join user_roles r on r.user_id = u.id
    where s.id_hash = ${hash}
    group by s.id_hash, u.id`);
  const row = rows[0];
  if (!row) {
    clearSessionCookie(reply, deps.config);
    return;
  }
  const now = deps.clock.now().getTime();
  const lastSeen = new Date(row.last_seen_at).getTime();
  const expired = now >= new Date(row.expires_at).getTime() || now - lastSeen > deps.config.session.idleMs;
  if (expired || !row.is_active) {
    await revokeSession(deps.db, hash);
    clearSessionCookie(reply, deps.config);
    return;
  }
  if (now - lastSeen > TOUCH_INTERVAL_MS) {
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, hash));
  }
  request.sessionHash = hash;
  request.actor = {
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    roles: row.roles,
    writes: !['GET', 'HEAD', 'OPTIONS'].includes(request.method),
  };
}

/** Where requests are signed in: the JSON API and the pages the server renders (platform/views.ts; the test payment
 * provider's page too, so its form's CSRF token is the session's and paying there leaves the app's token as it was). */
export const SESSION_PATHS = ['/api/', '/secret/', '/enrolinator/', '/test-provider/'];

/** Resolves the session cookie to an actor on every request to SESSION_PATHS. */
export function registerSessions(app: FastifyInstance, deps: SessionDeps): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionHash', null);
  app.addHook('onRequest', async (request, reply) => {
    // Static files and the health check need no session lookup; the API and the server-rendered pages do.
    if (!SESSION_PATHS.some((prefix) => request.url.startsWith(prefix))) return;
    await loadActor(deps, request, reply);
  });
}
