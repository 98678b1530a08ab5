import type { outboxListResponse, OutboxList } from '@banksia/contracts/mail';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export interface OutboxFilter {
  schoolId: number | null;
  to: string;
  page: number;
}

/** A page of the email outbox, newest first (GET api:admin-outbox; content staff). */
export async function listOutbox(filter: OutboxFilter, signal?: AbortSignal): Promise<OutboxList> {
  const search = new URLSearchParams();
  if (filter.schoolId !== null) search.set('school_id', String(filter.schoolId));
  if (filter.to) search.set('to', filter.to);
  if (filter.page > 1) search.set('page', String(filter.page));
  const query = search.toString();
  return unwrap(
    await getJson<Answer<typeof outboxListResponse>>(`${urlFor('api:admin-outbox')}${query ? `?${query}` : ''}`, {
      signal,
    }),
  );
}

export function outboxQueryOptions(filter: OutboxFilter) {
  return queryOptions({
    queryKey: ['outbox', 'list', filter.schoolId, filter.to, filter.page] as const,
    queryFn: ({ signal }) => listOutbox(filter, signal),
    // Paging or filtering keeps the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(filter: OutboxFilter) {
  return useQuery(outboxQueryOptions(filter));
}
