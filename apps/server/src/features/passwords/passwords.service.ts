import { createHash, randomBytes } from 'node:crypto';
import {
  INVITE_TOKEN_TTL_MS,
  PASSWORD_RESET_SENT,
  PASSWORD_TOKEN_PATTERN,
  RESET_TOKEN_TTL_MS,
  type PasswordTokenInfo,
  type PasswordTokenPurpose,
} from '@banksia/contracts/passwords';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { can } from '../../platform/authorize';
import { AppError } from '../../platform/errors';
import { queueEmail, queueEmails } from '../../platform/mail';
import { hashPassword } from '../../platform/passwords';
import { consumeRateLimit, type RateLimit } from '../../platform/rate-limit';
import { createSession, revokeUserSessions, type Actor } from '../../platform/session';
import { loadMe, recordSignIn, findUserByEmail } from '../accounts/index';
import { passwordEmail } from './passwords.emails';
import './passwords.policy';
import { presentTokenInfo } from './passwords.presenter';
import * as repo from './passwords.repository';
import { passwordRefusal } from '../../platform/password-gate';

/** Reset requests: per address and per client IP (a school behind one NAT address shares the IP's count). */
export const RESET_PER_EMAIL: RateLimit = { bucket: 'password-reset:email', limit: 5, windowMs: 3_600_000 };
export const RESET_PER_IP: RateLimit = { bucket: 'password-reset:ip', limit: 30, windowMs: 3_600_000 };
/** Opening and using links, per IP: generous for a class setting passwords together, a bound on abuse. */
export const TOKEN_PER_IP: RateLimit = { bucket: 'password-token:ip', limit: 300, windowMs: 15 * 60_000 };

const INVALID_LINK = 'This link is not valid. Check that you copied the whole link from the email.';
const USED_LINK = 'This link has already been used. Ask for a new one if you still need to choose a password.';
const EXPIRED_LINK = 'This link has expired. Ask for a new one.';

/** SHA-256 of a token, the only form stored. */
export function hashPasswordToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashPasswordToken(token) };
}

export function setPasswordLink(deps: Pick<AppDeps, 'config'>, token: string): string {
  return `${deps.config.publicUrl}/account/set-password/${token}/`;
}

async function throttle(deps: AppDeps, rule: RateLimit, key: string): Promise<void> {
  const wait = await consumeRateLimit(deps.db, rule, key, deps.clock.now());
  if (wait > 0) {
    throw new AppError('too_many_requests', 'Too many requests. Try again later.', {
      headers: { 'retry-after': String(wait) },
    });
  }
}

interface Recipient {
  id: number;
  email: string;
  firstName: string;
}

/** Issues a link for a user inside `tx`, voiding their earlier ones, and queues its email in the same transaction. */
async function issueLink(
  deps: AppDeps,
  tx: Executor,
  user: Recipient,
  purpose: PasswordTokenPurpose,
  school: { id: number; name: string } | null,
): Promise<void> {
  const prepared = newToken();
  const now = deps.clock.now();
  await repo.voidTokens(tx, user.id, now);
  await repo.insertToken(tx, {
    userId: user.id,
    tokenHash: prepared.hash,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (purpose === 'invite' ? INVITE_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS)),
  });
  const email = passwordEmail({
    purpose,
    firstName: user.firstName,
    email: user.email,
    schoolName: school?.name ?? null,
    link: setPasswordLink(deps, prepared.token),
  });
  await queueEmail(deps, tx, {
    ...email,
    schoolId: school?.id ?? null,
    to: user.email,
    template: `password-${purpose}`,
  });
}

/**
 * Invitations for accounts just created without a password (the class-list upload), in the caller's transaction:
 * each gets a 7-day link by email, or none of them does.
 */
export async function queueInvitations(deps: AppDeps, tx: Executor, userIds: number[], schoolId: number) {
  if (userIds.length === 0) return;
  const name = await repo.schoolName(tx, schoolId);
  const school = name === null ? null : { id: schoolId, name };
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + INVITE_TOKEN_TTL_MS);
  // What issueLink does per user, in a few statements for all of them (a roster may invite thousands at once).
  for (let i = 0; i < userIds.length; i += 5000) {
    const recipients = await repo.usersByIds(tx, userIds.slice(i, i + 5000));
    const links = recipients.map((user) => ({ user, ...newToken() }));
    await repo.voidTokensOf(
      tx,
      recipients.map((u) => u.id),
      now,
    );
    await repo.insertTokens(
      tx,
      links.map((l) => ({ userId: l.user.id, tokenHash: l.hash, purpose: 'invite', createdAt: now, expiresAt })),
    );
    await queueEmails(
      deps,
      tx,
      links.map(({ user, token }) => ({
        ...passwordEmail({
          purpose: 'invite',
          firstName: user.firstName,
          email: user.email,
          schoolName: school?.name ?? null,
          link: setPasswordLink(deps, token),
        }),
        schoolId: school?.id ?? null,
        to: user.email,
        template: 'password-invite',
      })),
    );
  }
}

/**
 * "Forgot password?": the request only checks the throttles and enqueues a job with the address, so the answer and
 * the work done are the same whether or not an account uses it. The job (`sendResetLink`) looks the account up and,
 * for an active one, issues the link and queues its email.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, ip: string): Promise<{ detail: string }> {
  await throttle(deps, RESET_PER_IP, ip);
  await throttle(deps, RESET_PER_EMAIL, email);
  // A school that switched passwords off (single sign-on) refuses resets at its domains: decided by the domain alone,
  // so the answer still says nothing about whether an account uses the address.
  const passwordsOff = await passwordRefusal(deps, email);
  if (passwordsOff) throw new AppError('forbidden', passwordsOff);
  await deps.jobs.enqueue('password-reset-request', { email, ip });
  return { detail: PASSWORD_RESET_SENT };
}

/** The reset job's work: a 1-hour link by email for an active account with this address; nothing otherwise. */
export async function sendResetLink(deps: AppDeps, email: string, ip: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || !user.isActive) return false;
    const [school] = await repo.schoolsOfUser(tx, user.id);
    await issueLink(deps, tx, user, 'reset', school ? { id: school.id, name: school.name } : null);
    await audit(tx, { actorUserId: null, action: 'password_reset_link', entityType: 'user', entityId: user.id, ip });
    return true;
  });
}

type TokenState = Awaited<ReturnType<typeof repo.findToken>>;

/** Why a link does not work (400 when it never did, 410 when it no longer does), or null when it works. */
function refusal(row: TokenState, now: Date): AppError | null {
  if (!row) return new AppError('bad_request', INVALID_LINK);
  if (row.usedAt) return new AppError('gone', USED_LINK);
  if (new Date(row.expiresAt).getTime() <= now.getTime()) return new AppError('gone', EXPIRED_LINK);
  if (!row.isActive) return new AppError('gone', 'This account has been deactivated. Ask your school for help.');
  return null;
}

async function lookUp(deps: AppDeps, token: string): Promise<TokenState> {
  if (!PASSWORD_TOKEN_PATTERN.test(token)) return null;
  return repo.findToken(deps.db, hashPasswordToken(token));
}

/** What a link is for and whose account (masked), if it still works. */
export async function describeToken(deps: AppDeps, token: string, ip: string): Promise<PasswordTokenInfo> {
  await throttle(deps, TOKEN_PER_IP, ip);
  const row = await lookUp(deps, token);
  const refused = refusal(row, deps.clock.now());
  if (refused) throw refused;
  return presentTokenInfo(row!);
}

/**
 * Sets the password through a link: the link is used (once: a guarded update), the user's other links are voided
 * and their sessions ended, all in one transaction; then the person is signed in with a new session.
 */
export async function usePasswordToken(
  deps: AppDeps,
  token: string,
  newPassword: string,
  meta: { ip: string; userAgent?: string },
) {
  await throttle(deps, TOKEN_PER_IP, meta.ip);
  // Checked before hashing, so a bad link costs a lookup and not an argon2 hash.
  const found = await lookUp(deps, token);
  const refused = refusal(found, deps.clock.now());
  if (refused) throw refused;
  const passwordHash = await hashPassword(newPassword);
  const used = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const consumed = await repo.consumeToken(tx, hashPasswordToken(token), now);
    if (!consumed) return null;
    await repo.setPasswordHash(tx, consumed.user_id, passwordHash);
    await repo.voidTokens(tx, consumed.user_id, now);
    await revokeUserSessions(tx, consumed.user_id);
    await audit(tx, {
      actorUserId: consumed.user_id,
      action: 'set_password_by_link',
      entityType: 'user',
      entityId: consumed.user_id,
      after: { purpose: consumed.purpose },
      ip: meta.ip,
    });
    return consumed;
  });
  if (!used) {
    // Used by a request racing this one, or expired in between: say which, as for a link opened late.
    throw refusal(await lookUp(deps, token), deps.clock.now()) ?? new AppError('gone', USED_LINK);
  }
  await recordSignIn(deps, deps.db, used.user_id, meta, null, 'link');
  const session = await createSession(deps, used.user_id, meta);
  return { session, me: await loadMe(deps, used.user_id) };
}

/**
 * A new invitation for an account still without a password; earlier links stop working. For content admins, and
 * for school admins of a school the user belongs to (others get 404, so nobody learns who has an account where).
 */
export async function resendInvitation(deps: AppDeps, actor: Actor, userId: number, ip: string) {
  const user = await repo.findUserById(deps.db, userId);
  const userSchools = user ? await repo.schoolsOfUser(deps.db, user.id) : [];
  const actorSchools = new Set(
    (await repo.schoolsOfUser(deps.db, actor.userId)).filter((s) => s.teaches).map((s) => s.id),
  );
  const shared = userSchools.filter((s) => actorSchools.has(s.id));
  // 404, not 403, when refused: nobody learns who has an account where.
  if (!user || !can(actor, 'user.resend-invitation', { sharedSchoolIds: shared.map((s) => s.id) })) {
    throw new AppError('not_found', 'No such user.');
  }
  if (!user.isActive) throw new AppError('conflict', 'This account is deactivated. Activate it first.');
  if (user.hasPassword) {
    throw new AppError(
      'conflict',
      'This person has already chosen a password. They can use "Forgot password?" on the sign-in page.',
    );
  }
  const school = shared[0] ?? userSchools[0] ?? null;
  await deps.db.transaction(async (tx) => {
    await issueLink(deps, tx, user, 'invite', school ? { id: school.id, name: school.name } : null);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: school?.id ?? null,
      action: 'resend_invitation',
      entityType: 'user',
      entityId: user.id,
      ip,
    });
  });
  return { detail: `A new invitation is on its way to ${user.email}. Earlier links no longer work.` };
}
