import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_MESSAGES } from '@banksia/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import { AppError } from './errors';

/** The CSRF cookie's name over plain HTTP (development); behind HTTPS it is `__Host-` this (csrfCookieName). */
export const CSRF_COOKIE = 'csrftoken';

/** The CSRF cookie's name: `__Host-csrftoken` with secure cookies (as the session cookie: sessionCookieName). */
export function csrfCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? `__Host-${CSRF_COOKIE}` : CSRF_COOKIE;
}
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
  void reply.setCookie(csrfCookieName(config), token, {
    httpOnly: false,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
    maxAge: 365 * 24 * 3600,
  });
}

/** The current valid token of a request, or a new one. */
export function currentOrNewCsrfToken(
  secret: string,
  config: Pick<Config, 'cookieSecure'>,
  request: FastifyRequest,
): { token: string; isNew: boolean } {
  const existing = request.cookies[csrfCookieName(config)];
  if (existing && isValidCsrfToken(secret, request.sessionHash, existing)) return { token: existing, isNew: false };
  return { token: mintCsrfToken(secret, request.sessionHash), isNew: true };
}

/** The form field an HTML form sends its token in (pages rendered by the server: platform/views.ts). */
export const CSRF_FORM_FIELD = '_csrf';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set to 'signed-policy' only on a route whose unsafe requests carry a signature of their own instead of a
     * CSRF token (the local disk's presigned POST upload, which browsers send to S3 in the same shape).
     */
    csrf?: 'signed-policy';
  }
}

/** The token sent with a request: the X-CSRFToken header, or (HTML forms, never the JSON API) the `_csrf` field. */
function sentToken(request: FastifyRequest, isApi: boolean): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  if (isApi) return undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const field = body && typeof body === 'object' ? body[CSRF_FORM_FIELD] : undefined;
  return typeof field === 'string' && field !== '' ? field : undefined;
}

function check(secret: string, cookieName: string, request: FastifyRequest, isApi: boolean): void {
  const cookie = request.cookies[cookieName];
  if (!cookie) throw new AppError('csrf_failed', CSRF_MESSAGES.cookieNotSet);
  const sent = sentToken(request, isApi);
  if (!sent) throw new AppError('csrf_failed', CSRF_MESSAGES.missing);
  const same = sent.length === cookie.length && timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
  if (!same || !isValidCsrfToken(secret, request.sessionHash, sent)) {
    throw new AppError('csrf_failed', CSRF_MESSAGES.incorrect);
  }
}

/**
 * Requires a CSRF token on every unsafe request to a known route, checked in Django's order (ADR 033): the JSON
 * API takes it in X-CSRFToken only; the server-rendered pages' forms may send it in the `_csrf` field instead.
 * Either way it must equal the csrftoken cookie and be bound to the session. Runs after the body is parsed.
 */
export function registerCsrf(app: FastifyInstance, secret: string, config: Pick<Config, 'cookieSecure'>): void {
  const cookieName = csrfCookieName(config);
  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.routeOptions.url) return; // unknown path: the not-found handler answers 404
    if (request.routeOptions.config.csrf === 'signed-policy') return;
    check(secret, cookieName, request, request.url.startsWith('/api/'));
  });
}
