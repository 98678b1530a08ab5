import { ANONYMISER_COOKIE, anonymiserCookieExpiry, anonymiserOn } from '@banksia/contracts/rules/anonymiser';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { track } from './analytics';
import { readCookie, removeCookie, writeCookie } from './cookies';

// The anonymiser (spec §4): off by default; on writes the anonymizeStudentData cookie until 02:00 the next day, off
// removes it, and the state is read back from the cookie whenever the app starts. The server reads the same cookie and
// sends the day's pseudonyms instead of real names, so nothing here swaps names itself and no real name reaches the
// browser while it is on.

const listeners = new Set<() => void>();

/** Whether student names are hidden now, from the cookie. */
export function isAnonymised(): boolean {
  return anonymiserOn(readCookie(ANONYMISER_COOKIE));
}

/** Turns the anonymiser on or off and tells every page showing it. */
export function setAnonymisedCookie(on: boolean, now = new Date()): void {
  if (on) writeCookie(ANONYMISER_COOKIE, '1', { expires: anonymiserCookieExpiry(now) });
  else removeCookie(ANONYMISER_COOKIE);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * After a toggle, no cached answer may show names under the old setting: answers no page is showing are dropped, and the
 * pages on screen ask again (those that asked since, because their query key holds the setting, are left alone). Runs
 * once React has re-rendered with the new setting, so a page's old query is no longer on screen by then.
 */
export function refetchNamedData(queryClient: QueryClient, keepKey: (key: readonly unknown[]) => boolean): void {
  const toggledAt = Date.now();
  setTimeout(() => {
    queryClient.removeQueries({ predicate: (query) => !keepKey(query.queryKey) && query.getObserversCount() === 0 });
    void queryClient.invalidateQueries({
      predicate: (query) =>
        !keepKey(query.queryKey) && query.state.fetchStatus !== 'fetching' && query.state.dataUpdatedAt < toggledAt,
    });
  }, 0);
}

/** The session's query key (accounts' meQueryKey): it names no student, and dropping it would look like signing out. */
function isSessionKey(key: readonly unknown[]): boolean {
  return key[0] === 'accounts' && key[1] === 'me';
}

/**
 * The anonymiser's state and its toggle. Toggling records 'toggled student names' and reloads the data on screen.
 * `keepKey` names the queries that hold no student names (the session), which are kept.
 */
export function useAnonymiser(keepKey: (key: readonly unknown[]) => boolean = isSessionKey) {
  const queryClient = useQueryClient();
  const anonymised = useSyncExternalStore(subscribe, isAnonymised, () => false);
  const setAnonymised = useCallback(
    (on: boolean) => {
      if (on === isAnonymised()) return;
      setAnonymisedCookie(on);
      track('toggled student names', { anonymised: on });
      refetchNamedData(queryClient, keepKey);
    },
    [queryClient, keepKey],
  );
  return [anonymised, setAnonymised] as const;
}
