import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';

/**
 * A list page's filters, kept in the address so a list can be shared and survives going back from an item, with a
 * search box whose text reaches the address (and the query) 300 ms after typing stops. A new search starts again
 * at page 1.
 */
export function useListParams(searchKey = 'q') {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get(searchKey) ?? '');
  const [query] = useDebouncedValue(search.trim(), 300);
  const navigating = useNavigation().state !== 'idle';

  /** Sets or (with null or '') removes parameters; replaces the history entry unless `push` is asked for. */
  const update = useCallback(
    (changes: Record<string, string | null>, options: { push?: boolean } = {}) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      setParams(next, { replace: !options.push });
    },
    [params, setParams],
  );

  // A result clicked before the search reached the address: going there wins. Updating the address meanwhile would
  // be a navigation of its own, cancelling the one to the result (whose page may still be loading). The search
  // reaches the address once nothing else is under way (and not at all once the list is gone).
  useEffect(() => {
    if (navigating) return;
    if ((params.get(searchKey) ?? '') !== query) update({ [searchKey]: query || null, page: null });
  }, [query, params, searchKey, update, navigating]);

  return { params, search, setSearch, query, update };
}
