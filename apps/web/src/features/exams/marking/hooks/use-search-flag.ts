import { useSearchParams } from 'react-router';

/**
 * A yes/no setting of the page kept in its address (`?name=1`), so it survives a reload and goes with a copied link.
 * Changing it replaces the history entry: Back leaves the page rather than flipping the setting back.
 */
export function useSearchFlag(name: string): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const on = params.get(name) === '1';
  const set = (value: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, '1');
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [on, set];
}

/** The page's search string with only the flags that should follow the teacher to the next page. */
export function keptFlags(params: URLSearchParams, names: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const name of names) if (params.get(name) === '1') kept.set(name, '1');
  const search = kept.toString();
  return search ? `?${search}` : '';
}
