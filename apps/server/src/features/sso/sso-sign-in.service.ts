import { createHash, randomBytes } from 'node:crypto';
import { ssoButtonLabel, type SsoDiscoverResponse } from '@banksia/contracts/sso';
import { completeSsoSignIn, findUserByEmail, rolesOf, type RequestMeta } from '../accounts/index';
import type { AppDeps } from '../../platform/deps';
import { definePasswordGate } from '../../platform/password-gate';
import { ssoUrls } from './sso.presenter';
import * as repo from './sso.repository';

/** How long a sign-in may sit at the identity provider before its state is refused. */
export const LOGIN_STATE_TTL_MS = 10 * 60_000;

/** A sign-in refused: the page says `message`; nothing is linked or created. */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
    /** 400: the sign-in itself was refused; 502: the identity provider could not be reached. */
    readonly status: 400 | 502 = 400,
  ) {
    super(message);
    this.name = 'SsoRefusal';
  }
}

export const NOT_ADDED_MESSAGE = "Your school hasn't added you to Banksia yet: ask your teacher.";
const GENERIC_REFUSAL = 'The sign-in could not be checked, so you have not been signed in. Go back and try again.';

/** A failed check of what the identity provider sent (tampered, expired, replayed…): one clear message. */
export function refused(reason: string): SsoRefusal {
  return new SsoRefusal(reason, GENERIC_REFUSAL);
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Where an address signs in: its domain's enabled connection, or the password box. The same single indexed lookup
 * for any address (known account or not), so the answer and its timing say nothing about who has an account.
 */
export async function discover(deps: AppDeps, email: string): Promise<SsoDiscoverResponse> {
  if (!email.includes('@')) return { method: 'password' };
  const connection = await repo.enabledConnectionForDomain(deps.db, domainOf(email));
  if (!connection) return { method: 'password' };
  return {
    method: 'sso',
    connection_id: connection.id,
    start_url: `/auth/sso/${connection.id}/start/`,
    label: ssoButtonLabel(connection.provider, connection.name),
  };
}

// Passwords off: a password sign-in or reset at a domain whose connection does not allow them is refused.
definePasswordGate(async (deps, email) => {
  const connection = await repo.enabledConnectionForDomain(deps.db, domainOf(email));
  if (!connection || connection.allowPassword) return null;
  const how = ssoButtonLabel(connection.provider, connection.name);
  return `Your school signs in without a Banksia password: enter your email on the sign-in page and choose "${how}".`;
});

/** `next` when it is a path on this site; anything else (another origin, `//host`, `/\host`) is dropped. */
export function safeNext(next: string | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\\]/.test(next)) return null;
  return next;
}

/** The browser-binding cookie's value and its stored hash: a state is only accepted back in the browser that began it. */
export function newBrowserToken(): string {
  return randomBytes(32).toString('base64url');
}
export const hashBrowserToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new random state or request id. */
export const randomToken = () => randomBytes(24).toString('base64url');

/** Who the identity provider says signed in: a stable subject, and an email only if the provider vouches for it. */
export interface ProvidedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** The provider vouches for the email (email_verified, Google's hd, Entra's tenant, a SAML IdP owning the domain). */
  emailVouched: boolean;
}

/**
 * The Banksia user behind an identity: the linked one, else (first sign-in) the account with the vouched email at one
 * of the connection's domains, which is then linked. Nobody is created: a person without an account is refused.
 */
export async function signInIdentity(
  deps: AppDeps,
  connection: repo.SsoConnectionRow,
  identity: ProvidedIdentity,
  meta: RequestMeta,
) {
  const now = deps.clock.now();
  const linked = await repo.findIdentity(deps.db, identity.issuer, identity.subject);
  let userId = linked?.userId;
  if (linked && linked.connectionId !== connection.id) throw refused('identity_of_another_connection');
  if (!userId) {
    const email = identity.email?.toLowerCase() ?? null;
    if (!email || !identity.emailVouched) throw refused('email_not_vouched');
    if (!connection.emailDomains.includes(domainOf(email))) throw refused('email_outside_domains');
    const user = await findUserByEmail(deps.db, email);
    if (!user) throw new SsoRefusal('no_account', NOT_ADDED_MESSAGE);
    if (!user.isActive) throw new SsoRefusal('inactive', 'This account has been switched off: ask your school.');
    userId = user.id;
  }
  const roles = await rolesOf(deps.db, userId);
  const covered =
    connection.covers === 'everyone' ||
    (connection.covers === 'students' && roles.includes('student')) ||
    (connection.covers === 'teachers' && (roles.includes('teacher') || roles.includes('school_admin')));
  if (!covered)
    throw new SsoRefusal('not_covered', 'This sign-in is not for your account: sign in with your password.');
  if (!linked) {
    await repo.insertIdentity(deps.db, {
      connectionId: connection.id,
      userId,
      issuer: identity.issuer,
      subject: identity.subject,
      at: now,
    });
  }
  await repo.touchSignIn(deps.db, connection.id, [identity.issuer, identity.subject], now);
  const session = await completeSsoSignIn(deps, userId, connection.id, meta);
  return { userId, session };
}

/** The connection a sign-in starts at, if it exists and is enabled. */
export async function enabledConnection(deps: AppDeps, id: number) {
  const connection = await repo.findConnection(deps.db, id);
  if (!connection || !connection.enabled) throw new SsoRefusal('no_connection', 'This sign-in is not available.');
  return connection;
}

export { ssoUrls };
