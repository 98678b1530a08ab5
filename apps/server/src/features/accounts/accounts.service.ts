import { displayDate, expiryEffect } from '@banksia/contracts/rules/class-expiry';
import {
  SIGN_IN_RETENTION_DAYS,
  USER_PAGE_SIZE,
  type ChangePasswordBody,
  type LoginBody,
  type Me,
  type Role,
  type SignInHistory,
  type UpdateProfileBody,
  type UserList,
  type UserListQuery,
} from '@banksia/contracts/accounts';
import type { Executor } from '../../platform/db';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { AppDeps } from '../../platform/deps';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/passwords';
import { passwordRefusal } from '../../platform/password-gate';
import { newSession, revokeUserSessions } from '../../platform/session';
import * as repo from './accounts.repository';
import { presentMe } from './accounts.presenter';
import { LOGIN_WINDOW_MS, retryAfterSeconds } from './login-throttle';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/**
 * Checks credentials under the throttle and opens a new session in three statements: the throttle's counts with the
 * account and its trial class; `me` while argon2 works on the thread pool; a success's four writes. A sign-in waits
 * for the database twice besides the hash, where it once waited twelve times:
 * under load every wait is a turn for a core, and they added up to more than the hash itself.
 */
export async function login(deps: AppDeps, body: LoginBody, meta: RequestMeta) {
  const now = deps.clock.now();
  // Whether the address's school switched passwords off (single sign-on) is asked alongside, not after, the facts.
  const [{ failures, user, trial }, refusal] = await Promise.all([
    repo.signInFacts(deps.db, body.email, meta.ip, new Date(now.getTime() - LOGIN_WINDOW_MS)),
    passwordRefusal(deps, body.email),
  ]);
  const wait = retryAfterSeconds(now, failures);
  if (wait > 0) {
    throw new AppError('too_many_requests', 'Too many failed sign-in attempts. Try again later.', {
      headers: { 'retry-after': String(wait) },
    });
  }
  // A school that switched passwords off (single sign-on) refuses them for its domains, known address or not.
  if (refusal) throw new AppError('forbidden', refusal);
  // Who the user is (the answer to a sign-in) is read while argon2 works, so a sign-in waits for the database once
  // after the hash, for its writes, instead of twice. Used only when the password is right; a failed sign-in does
  // not wait for it, and its handler here keeps a failure of it from going unhandled.
  const me = user ? loadMe(deps, user.id) : null;
  me?.catch(() => {});
  // An anonymous trial account signs in only while its class is an unexpired trial (converted: always); its class was
  // read with the account, and counts only when the password is right.
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok || !user.isActive) {
    await repo.recordFailure(deps.db, body.email, meta.ip, now);
    if (user) await recordSignIn(deps, deps.db, user.id, meta, ok ? 'inactive' : 'bad_credentials');
    throw new AppError('invalid_credentials', 'Incorrect email or password.');
  }
  if (trial && expiryEffect(trial.class_type, trial.expiration_date, now, trial.time_zone) === 'read_only') {
    await recordSignIn(deps, deps.db, user.id, meta, 'trial_expired');
    throw new AppError(
      'class_expired',
      `This trial account stopped working when the trial ended on ${displayDate(trial.expiration_date!)}. ` +
        'Ask your teacher for a new one.',
    );
  }
  const { row, ...session } = newSession(deps, user.id, meta);
  await Promise.all([
    // The session, the failures forgiven, the last sign-in and the history row: one statement, one commit.
    repo.completeSignIn(deps.db, {
      session: row,
      email: body.email,
      ip: meta.ip,
      signIn: { ...signInRow(deps, user.id, meta, null), at: now },
    }),
    // A hash made with older argon2 parameters (ADR 044) is replaced now that the password is known.
    user.passwordHash && needsRehash(user.passwordHash)
      ? hashPassword(body.password).then((hash) => repo.updatePasswordHash(deps.db, user.id, hash))
      : null,
  ]);
  return { session, me: await me! };
}

/** Writes one attempt to the user's sign-in history (a null reason is a success). */
export async function recordSignIn(
  deps: Pick<AppDeps, 'clock'>,
  db: Executor,
  userId: number,
  meta: RequestMeta,
  failureReason: 'bad_credentials' | 'inactive' | 'trial_expired' | null,
  method: 'password' | 'link' | 'sso' = 'password',
): Promise<void> {
  await repo.insertSignIn(db, signInRow(deps, userId, meta, failureReason, method));
}

/** A row of the sign-in history (a null reason is a success). */
function signInRow(
  deps: Pick<AppDeps, 'clock'>,
  userId: number,
  meta: RequestMeta,
  failureReason: 'bad_credentials' | 'inactive' | 'trial_expired' | null,
  method: 'password' | 'link' | 'sso' = 'password',
) {
  return {
    userId,
    at: deps.clock.now(),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    success: failureReason === null,
    failureReason,
    method,
  };
}

/**
 * Opens a session for a person a single sign-on connection vouched for (features/sso): the session, the last sign-in
 * and the history row (method `sso`, with the connection) in one statement, as a password sign-in does.
 */
export async function completeSsoSignIn(
  deps: AppDeps,
  userId: number,
  connectionId: number,
  meta: RequestMeta,
): Promise<{ token: string; hash: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const { row, ...session } = newSession(deps, userId, meta);
  await repo.completeSignIn(deps.db, {
    session: row,
    email: '',
    ip: meta.ip,
    signIn: { ...signInRow(deps, userId, meta, null, 'sso'), ssoConnectionId: connectionId, at: now },
  });
  return session;
}

/** A user's sign-in attempts of the retention period, newest first (at most 200). */
export async function signInHistory(deps: AppDeps, userId: number): Promise<SignInHistory> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new AppError('not_found', 'No such user.');
  const rows = await repo.signInsOf(deps.db, userId, 200);
  return {
    retention_days: SIGN_IN_RETENTION_DAYS,
    results: rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      ip: r.ip,
      user_agent: r.userAgent,
      success: r.success,
      failure_reason: r.failureReason,
      method: r.method,
    })),
  };
}

/** The signed-in user with profiles, roles and classes. */
export async function loadMe(deps: AppDeps, userId: number): Promise<Me> {
  const parts = await repo.meParts(deps.db, userId, deps.clock.now());
  if (!parts) throw new AppError('not_authenticated');
  return presentMe({
    user: { id: parts.id, email: parts.email, firstName: parts.first_name, lastName: parts.last_name },
    roles: [...parts.roles].sort(),
    profiles: parts.profiles,
    classes: parts.classes,
  });
}

export async function updateProfile(deps: AppDeps, userId: number, body: UpdateProfileBody, ip: string): Promise<Me> {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findUserById(tx, userId);
    await repo.updateNames(tx, userId, body.first_name, body.last_name);
    await audit(tx, {
      actorUserId: userId,
      action: 'update_names',
      entityType: 'user',
      entityId: userId,
      before: { first_name: before?.firstName, last_name: before?.lastName },
      after: body,
      ip,
    });
  });
  return loadMe(deps, userId);
}

/** Changes a password after checking the current one, and signs out the user's other sessions. */
export async function changePassword(
  deps: AppDeps,
  userId: number,
  sessionHash: string | null,
  body: ChangePasswordBody,
  ip: string,
): Promise<void> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new AppError('not_authenticated');
  if (!(await verifyPassword(user.passwordHash, body.current_password))) {
    throw new AppError('validation_failed', 'Your current password is not correct.', {
      errors: { current_password: ['Your current password is not correct.'] },
    });
  }
  const hash = await hashPassword(body.new_password);
  await deps.db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, userId, hash);
    await revokeUserSessions(tx, userId, sessionHash ?? undefined);
    await audit(tx, { actorUserId: userId, action: 'change_password', entityType: 'user', entityId: userId, ip });
  });
}

export async function getRoles(deps: AppDeps, userId: number) {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new AppError('not_found', 'No such user.');
  return { user_id: userId, roles: await repo.rolesOf(deps.db, userId) };
}

/** Grants or revokes one role; staff may not take the content-admin role from themselves. */
export async function saveRole(
  deps: AppDeps,
  actorId: number,
  userId: number,
  role: Role,
  granted: boolean,
  ip: string,
) {
  if (actorId === userId && role === 'content_admin' && !granted) {
    throw new AppError('conflict', 'You cannot remove your own content admin role.');
  }
  await deps.db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, userId);
    if (!user) throw new AppError('not_found', 'No such user.');
    const before = await repo.rolesOf(tx, userId);
    if (granted) await repo.grantRole(tx, userId, role, actorId);
    else await repo.revokeRole(tx, userId, role);
    await audit(tx, {
      actorUserId: actorId,
      action: granted ? 'grant_role' : 'revoke_role',
      entityType: 'user',
      entityId: userId,
      before: { roles: before },
      after: { roles: await repo.rolesOf(tx, userId) },
      ip,
    });
  });
  return getRoles(deps, userId);
}

/** Activates or deactivates a user; deactivation ends all their sessions at once. */
export async function setUserActive(deps: AppDeps, actorId: number, userId: number, isActive: boolean, ip: string) {
  if (actorId === userId && !isActive) throw new AppError('conflict', 'You cannot deactivate yourself.');
  await deps.db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, userId);
    if (!user) throw new AppError('not_found', 'No such user.');
    await repo.setActive(tx, userId, isActive);
    if (!isActive) await revokeUserSessions(tx, userId);
    await audit(tx, {
      actorUserId: actorId,
      action: isActive ? 'activate_user' : 'deactivate_user',
      entityType: 'user',
      entityId: userId,
      before: { is_active: user.isActive },
      after: { is_active: isActive },
      ip,
    });
  });
  return { id: userId, is_active: isActive };
}

/** A page of users whose name, email or school matches `q`. */
export async function listUsers(deps: AppDeps, query: UserListQuery): Promise<UserList> {
  const { rows, count } = await repo.searchUsers(deps.db, query.q || undefined, {
    limit: USER_PAGE_SIZE,
    offset: (query.page - 1) * USER_PAGE_SIZE,
  });
  return { results: rows, count, page: query.page, page_size: USER_PAGE_SIZE };
}

export async function getUser(deps: AppDeps, userId: number) {
  const user = await repo.userListItem(deps.db, userId);
  if (!user) throw new AppError('not_found', 'No such user.');
  return user;
}
