import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_MESSAGES } from '@banksia/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import { AppError } from './errors';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const ANONYMOUS_BINDING = 'anonymous';

function mac(secret: string, binding: string, nonce: string): string {
  return createHmac('sha256', secret).update(`csrf:${binding}:${nonce}`).digest('base64url');
}

function bindingOf(sessionHash: string | null): string {
  return sessionHash ?? ANONYMOUS_BINDING;
}

/** Mints a token bound to a session (or to the signed-out state). */
export function mintCsrfToken(secret: string, sessionHash: string | null): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(secret, bindingOf(sessionHash), nonce)}`;
}

/** Whether a token was minted by this server for this session. */
export function isValidCsrfToken(secret: string, sessionHash: string | null, token: string): boolean {
  const [nonce, given, extra] = token.split('.');
  if (!nonce || !given || extra !== undefined) return false;
  const expected = Buffer.from(mac(secret, bindingOf(sessionHash), nonce));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Sets the readable csrftoken cookie (the web app copies it into X-CSRFToken). */
export function setCsrfCookie(reply: FastifyReply, config: Config, token: string): void {
  void reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
    maxAge: 365 * 24 * 3600,
  });
}

/** The current valid token of a request, or a new one. */
export function currentOrNewCsrfToken(secret: string, request: FastifyRequest): { token: string; isNew: boolean } {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && isValidCsrfToken(secret, request.sessionHash, existing)) return { token: existing, isNew: false };
  return { token: mintCsrfToken(secret, request.sessionHash), isNew: true };
}

function check(secret: string, request: FastifyRequest): void {
  const cookie = request.cookies[CSRF_COOKIE];
  if (!cookie) throw new AppError('csrf_failed', CSRF_MESSAGES.cookieNotSet);
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || header === '') throw new AppError('csrf_failed', CSRF_MESSAGES.missing);
  const same = header.length === cookie.length && timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
  if (!same || !isValidCsrfToken(secret, request.sessionHash, header)) {
    throw new AppError('csrf_failed', CSRF_MESSAGES.incorrect);
  }
}

/** Requires X-CSRFToken on every unsafe API call, checked in Django's order. */
export function registerCsrf(app: FastifyInstance, secret: string): void {
  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (!request.routeOptions.url) return; // unknown path: the not-found handler answers 404
    check(secret, request);
  });
}
