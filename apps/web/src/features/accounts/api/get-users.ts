import { userListResponse, type UserListItem } from '@banksia/contracts/accounts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson } from '../../../lib/request';

export interface UserList {
  results: UserListItem[];
  count: number;
}

/** Users matching `q` (name or email), at most 100 of them, with the total count (content staff only). */
export async function getUsers(q: string, signal?: AbortSignal): Promise<UserList> {
  const query = q ? `?${new URLSearchParams({ q })}` : '';
  return unwrap(
    await getJson(`${urlFor('api:users')}${query}`, { signal, transform: (body) => userListResponse.parse(body) }),
  );
}

export const usersQueryKey = ['accounts', 'users'] as const;

export function usersQueryOptions(q: string) {
  return queryOptions({ queryKey: [...usersQueryKey, q], queryFn: ({ signal }) => getUsers(q, signal) });
}

/** The search results; the previous results stay on screen while a new search loads. */
export function useUsers(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(q), enabled, placeholderData: keepPreviousData });
}
