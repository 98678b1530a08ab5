import { fromQuery, type Loadable } from '@banksia/contracts/rules/loadable';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { failureReasonOf } from '../components/request-failure';

/**
 * Per-class loadable data (spec §4) from a query: the same statuses as the spec's reducer, with the failure reason
 * of the request (a RequestFailure's reason, e.g. NOT_FOUND_ERROR) rather than the error's message.
 *
 * The moment a query's first data arrives, the page keeps its skeleton for that render, and React renders the page
 * with the data in the background, in short slices between which the browser stays responsive (useDeferredValue).
 * A query's answer otherwise renders synchronously, in one task however large the page (TanStack Query reports it
 * through useSyncExternalStore, which transitions cannot defer), and a class page's first render is its largest
 * (ADR 042). Everything after the first data (reloading, failures, new data) shows at once.
 */
export function useLoadable<T>(query: UseQueryResult<T>): Loadable<T> {
  const failureReason = query.isError ? failureReasonOf(query.error) : null;
  const loadable = useMemo(
    () =>
      fromQuery({
        isPending: query.isPending,
        isFetching: query.isFetching,
        isError: query.isError,
        data: query.data,
        failureReason,
      }),
    [query.isPending, query.isFetching, query.isError, query.data, failureReason],
  );
  const deferred = useDeferredValue(loadable);
  return deferred.data === null && loadable.data !== null ? deferred : loadable;
}
