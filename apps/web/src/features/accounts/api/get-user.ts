import type { userListItem, UserListItem } from '@banksia/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** One user, as the user list shows them (content staff only); 404 for an unknown user. */
export async function getUser(userId: number, signal?: AbortSignal): Promise<UserListItem> {
  return unwrap(await getJson<Answer<typeof userListItem>>(urlFor('api:user', { userId }), { signal }));
}

export function userQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['accounts', 'user', userId],
    queryFn: ({ signal }) => getUser(userId, signal),
  });
}

/** The user; `placeholderData` (e.g. the list row the page was opened from) shows until the answer arrives. */
export function useUser(userId: number, { placeholderData }: { placeholderData?: UserListItem } = {}) {
  return useQuery({ ...userQueryOptions(userId), placeholderData });
}
