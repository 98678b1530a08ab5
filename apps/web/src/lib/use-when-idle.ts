import { useEffect, useState } from 'react';

/** Past this, an idle moment is not waited for any longer (a page that keeps the browser busy). */
export const IDLE_TIMEOUT_MS = 1_500;

/**
 * False on the first render, true once the browser has had an idle moment after it (at most IDLE_TIMEOUT_MS later).
 * For code a page can do without until it is usable: the shell's menus, the notifications layer.
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}
