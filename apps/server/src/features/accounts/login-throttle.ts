/** Sign-in throttling (per account and per IP): after this many failures in the window, answer 429. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;

export interface FailureCount {
  n: number;
  oldest: Date | string | null;
}

/**
 * Seconds until sign-in may be tried again, or 0 when it may be tried now.
 * Blocked while either count has reached the limit; free again once the window has passed its oldest failure.
 */
export function retryAfterSeconds(now: Date, counts: FailureCount[]): number {
  let wait = 0;
  for (const c of counts) {
    if (c.n < LOGIN_MAX_FAILURES || !c.oldest) continue;
    const freeAt = new Date(c.oldest).getTime() + LOGIN_WINDOW_MS;
    wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 1000));
  }
  return Math.max(wait, 0);
}
