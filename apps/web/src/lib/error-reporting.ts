import type { ClientErrorBody } from '@banksia/contracts/analytics';
import { CSRF_HEADER_NAME, getCsrfToken, refreshCsrfToken } from './csrf';
import { urlFor } from './named-routes';

/** A second destination for reported errors, such as Sentry. */
export type ErrorSink = (error: unknown, context?: Record<string, unknown>) => void;

export const DEDUPE_WINDOW_MS = 10_000;

// Limits of the server's clientErrorBody schema; longer values would get the whole report rejected.
const MAX_MESSAGE = 4000;
const MAX_STACK = 20_000;
const MAX_PATH = 2000;

let sink: ErrorSink | null = null;
let reporting = false;
const lastReported = new Map<string, number>();

/** Plugs in a second destination for reported errors (Sentry, once configured); null unplugs it. */
export function setErrorSink(next: ErrorSink | null): void {
  sink = next;
}

/** Sends a client error to the server and the sink; never throws, and drops a repeat of a message within 10 s. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  // A sink that reports its own failure would otherwise loop forever.
  if (reporting) return;
  reporting = true;
  try {
    const body = toBody(error, context);
    if (isDuplicate(body.message)) return;
    void send(body);
    sink?.(error, context);
  } catch {
    // Reporting is best effort: it must never throw into the code that hit the error.
  } finally {
    reporting = false;
  }
}

function toBody(error: unknown, context: Record<string, unknown> | undefined): ClientErrorBody {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : describe(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    message: (message || 'Unknown error').slice(0, MAX_MESSAGE),
    stack: stack?.slice(0, MAX_STACK),
    path: location.pathname.slice(0, MAX_PATH),
    context,
  };
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function isDuplicate(message: string): boolean {
  const now = Date.now();
  for (const [seen, at] of lastReported) if (now - at >= DEDUPE_WINDOW_MS) lastReported.delete(seen);
  if (lastReported.has(message)) return true;
  lastReported.set(message, now);
  return false;
}

// Plain fetch rather than the request helper: the helper reports its own failures, which would recurse.
async function send(body: ClientErrorBody): Promise<void> {
  try {
    const token = getCsrfToken() ?? (await refreshCsrfToken());
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (token !== null) headers[CSRF_HEADER_NAME] = token;
    await fetch(urlFor('api:client-errors'), {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    // Nowhere left to report a failed report.
  }
}
