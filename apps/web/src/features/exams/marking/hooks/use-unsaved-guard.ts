import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';

/**
 * Keeps a teacher from losing marks typed but not saved: leaving for another page asks first (the caller shows the
 * question while `blocker.state` is 'blocked'), and closing or reloading the tab gets the browser's own warning.
 * Changes of the address's search only (hiding names, the filter) keep the page, so they pass.
 */
export function useUnsavedGuard() {
  const [dirty, setDirty] = useState<ReadonlySet<number>>(new Set());
  const markDirty = useCallback((id: number, isDirty: boolean) => {
    setDirty((current) => {
      if (current.has(id) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const unsaved = dirty.size;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (unsaved === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return { unsaved, markDirty, blocker };
}
