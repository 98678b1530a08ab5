import { fromQuery, type Loadable } from '@banksia/contracts/rules/loadable';
import type { UseQueryResult } from '@tanstack/react-query';
import { failureReasonOf } from '../components/request-failure';

/**
 * Per-class loadable data (spec §4) from a query: the same statuses as the spec's reducer, with the failure reason
 * of the request (a RequestFailure's reason, e.g. NOT_FOUND_ERROR) rather than the error's message.
 */
export function useLoadable<T>(query: UseQueryResult<T>): Loadable<T> {
  return fromQuery({
    isPending: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
    data: query.data,
    failureReason: query.isError ? failureReasonOf(query.error) : null,
  });
}
