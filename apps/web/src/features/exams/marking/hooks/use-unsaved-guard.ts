import { useCallback, useState } from 'react';

/**
 * Which marks on the page are typed but not saved (by answer id), for the page's UnsavedGuard: leaving then asks
 * first, and closing or reloading the tab gets the browser's own warning.
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

  return { unsaved: dirty.size, markDirty };
}
