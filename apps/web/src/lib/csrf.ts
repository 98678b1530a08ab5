import { CSRF_MESSAGES } from '@banksia/contracts/errors';
import { readCookie } from './cookies';
import { isRecord } from './json-body';
import { urlFor } from './named-routes';

/** The CSRF cookie behind HTTPS (the server's secure cookies: `__Host-`, ASVS 3.3.1), and over plain HTTP. */
export const CSRF_COOKIE_NAMES = ['__Host-csrftoken', 'csrftoken'] as const;
export const CSRF_HEADER_NAME = 'X-CSRFToken';

/** Timing of the token fetch, kept in one place. */
export const CSRF_RETRY_DEFAULTS: Readonly<{ retries: number; retryDelayMs: number }> = {
  retries: 2,
  retryDelayMs: 300,
};
/** The timing in use: the defaults, which tests of pages set to answer at once (test/render.tsx). */
export const csrfConfig = { ...CSRF_RETRY_DEFAULTS };

const csrfMessages: readonly string[] = Object.values(CSRF_MESSAGES);
let inFlight: Promise<string | null> | null = null;

/**
 * The CSRF token from the `__Host-csrftoken` cookie (HTTPS), else the `csrftoken` cookie (plain HTTP), or null when
 * neither is set. The `__Host-` one comes first: a plain one left from before, or set by a sibling host, never wins.
 */
export function getCsrfToken(): string | null {
  for (const name of CSRF_COOKIE_NAMES) {
    const token = readCookie(name);
    if (token !== null) return token;
  }
  return null;
}

/** Fetches a fresh token (the server also sets the cookie); resolves null when every attempt fails. */
export function refreshCsrfToken(): Promise<string | null> {
  // Several requests can hit a CSRF failure at once; one token fetch serves them all.
  inFlight ??= fetchTokenWithRetries().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** True when a response is the server refusing the request for a missing or wrong CSRF token. */
export function isCsrfFailure(status: number, body: unknown): boolean {
  if (status !== 403 || !isRecord(body)) return false;
  if (body.code === 'csrf_failed') return true;
  return (
    typeof body.detail === 'string' && (csrfMessages.includes(body.detail) || body.detail.startsWith('CSRF Failed:'))
  );
}

async function fetchTokenWithRetries(): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    const token = await fetchToken();
    if (token !== null || attempt >= csrfConfig.retries) return token;
    await new Promise((resolve) => setTimeout(resolve, csrfConfig.retryDelayMs));
  }
}

async function fetchToken(): Promise<string | null> {
  try {
    const response = await fetch(urlFor('api:csrf'), {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isRecord(body) && typeof body.csrf_token === 'string' ? body.csrf_token : getCsrfToken();
  } catch {
    return null;
  }
}
