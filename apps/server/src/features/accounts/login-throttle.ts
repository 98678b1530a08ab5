/**
 * Sign-in throttling. Failures are counted per account-and-address pair and per address, never per account alone:
 * a stranger guessing a teacher's password from elsewhere slows only themself down, and a school's whole network
 * behind one address can mistype freely before anything stops it.
 */

/** Failures are counted over this window. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures of one account from one address that cost nothing. */
export const PAIR_FREE_FAILURES = 5;
/** The wait after the first failure past the free ones; it doubles with each further failure… */
export const PAIR_FIRST_DELAY_MS = 30_000;
/** …up to this. */
export const PAIR_MAX_DELAY_MS = LOGIN_WINDOW_MS;
/** Failures from one address, across every account, before it must wait for the window to pass (a password sprayer). */
export const ADDRESS_MAX_FAILURES = 100;

export interface FailureCounts {
  /** This account from this address: how many in the window, and the latest. */
  pair: { n: number; latest: Date | string | null };
  /** Every account from this address: how many in the window, and the oldest. */
  address: { n: number; oldest: Date | string | null };
}

/** How long one account-and-address pair must wait after its latest failure, given its failures in the window. */
export function pairDelayMs(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_FIRST_DELAY_MS * 2 ** (failures - PAIR_FREE_FAILURES), PAIR_MAX_DELAY_MS);
}

/** Seconds until sign-in may be tried again from this address for this account, or 0 when it may be tried now. */
export function retryAfterSeconds(now: Date, counts: FailureCounts): number {
  let freeAt = 0;
  if (counts.pair.latest) freeAt = new Date(counts.pair.latest).getTime() + pairDelayMs(counts.pair.n);
  if (counts.address.n >= ADDRESS_MAX_FAILURES && counts.address.oldest) {
    freeAt = Math.max(freeAt, new Date(counts.address.oldest).getTime() + LOGIN_WINDOW_MS);
  }
  return Math.max(0, Math.ceil((freeAt - now.getTime()) / 1000));
}
