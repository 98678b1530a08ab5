import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';

/** Past this, an idle moment is not waited for any longer (a page that keeps the browser busy). */
export const IDLE_TIMEOUT_MS = 1_500;

/**
 * How long the page must have stayed settled after the idle moment: its first interactions (a click, the first
 * keystrokes) go before the extras' code is fetched and parsed.
 */
export const SETTLED_GRACE_MS = 300;

/** Past this after the first render, the page's requests are not waited for any longer (a slow or polling page). */
export const SETTLE_TIMEOUT_MS = 5_000;

/** Whether the page's own content is showing: its main heading (every page has one h1 in <main>). */
function headingShown(): boolean {
  return document.querySelector('main h1') !== null;
}

/**
 * Calls `done` once the page has settled: its main heading shows, none of its queries is fetching and the browser
 * has had an idle moment (waited for at most SETTLE_TIMEOUT_MS in all, and IDLE_TIMEOUT_MS for the idle moment).
 * Code that waits on it does not compete with the page's own code and data on a slow network: while a page's lazily
 * loaded code is still arriving, nothing is fetching and the browser is idle, but the heading is not there yet.
 * Returns a function that cancels the wait.
 */
export function whenPageSettled(queryClient: QueryClient | undefined, done: () => void): () => void {
  let finished = false;
  let idleId: number | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const fetching = () => (queryClient ? queryClient.isFetching() > 0 : false);

  const finish = () => {
    if (finished) return;
    finished = true;
    cleanup();
    done();
  };
  const settled = () => !fetching() && headingShown();
  // Still settled a moment after the idle moment: done. Otherwise the next change looks again.
  const graceThenFinish = () => {
    graceTimer = setTimeout(() => {
      graceTimer = undefined;
      if (settled()) finish();
    }, SETTLED_GRACE_MS);
  };
  const waitForIdle = () => {
    if (finished || idleId !== undefined || idleTimer !== undefined || graceTimer !== undefined) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleId = window.requestIdleCallback(
        () => {
          idleId = undefined;
          // A request that started meanwhile (one query waiting on another) is waited for too.
          if (settled()) graceThenFinish();
        },
        { timeout: IDLE_TIMEOUT_MS },
      );
    } else {
      idleTimer = setTimeout(() => {
        idleTimer = undefined;
        if (settled()) graceThenFinish();
      }, 0);
    }
  };
  const check = () => {
    if (settled()) waitForIdle();
  };

  const unsubscribe = queryClient?.getQueryCache().subscribe(check);
  // The heading appears when the page's code and data have both arrived; each change to the page looks again.
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  // After this render's effects have started the page's queries.
  const first = setTimeout(check, 0);
  const deadline = setTimeout(finish, SETTLE_TIMEOUT_MS);

  function cleanup() {
    unsubscribe?.();
    observer.disconnect();
    clearTimeout(first);
    clearTimeout(deadline);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    if (graceTimer !== undefined) clearTimeout(graceTimer);
  }
  return () => {
    finished = true;
    cleanup();
  };
}

/**
 * False on the first render, true once the page has settled after it (see whenPageSettled). For code a page can do
 * without until it is usable: the shell's menus, the notifications layer.
 */
export function useWhenIdle(): boolean {
  const queryClient = useContext(QueryClientContext);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenPageSettled(queryClient, () => setIdle(true)), [queryClient]);
  return idle;
}
