import type { userListResponse, UserList } from '@banksia/contracts/accounts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export type { UserList };

/** A page of users matching `q` (name, email or school), with the total count (content staff only). */
export async function getUsers(q: string, page = 1, signal?: AbortSignal): Promise<UserList> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.size ? `?${params}` : '';
  return unwrap(await getJson<Answer<typeof userListResponse>>(`${urlFor('api:users')}${query}`, { signal }));
}

export const usersQueryKey = ['accounts', 'users'] as const;

export function usersQueryOptions(q: string, page = 1) {
  return queryOptions({
    queryKey: [...usersQueryKey, q, page],
    queryFn: ({ signal }) => getUsers(q, page, signal),
  });
}

/** The search results; the previous results stay on screen while a new search or page loads. */
export function useUsers(q: string, page = 1, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(q, page), enabled, placeholderData: keepPreviousData });
}
