import type { userRolesResponse, UserRoles } from '@banksia/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** The roles a user holds (content staff only); 404 for an unknown user. */
export async function getUserRoles(userId: number, signal?: AbortSignal): Promise<UserRoles> {
  return unwrap(await getJson<Answer<typeof userRolesResponse>>(urlFor('api:get-roles', { userId }), { signal }));
}

export function userRolesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['accounts', 'user-roles', userId],
    queryFn: ({ signal }) => getUserRoles(userId, signal),
  });
}

export function useUserRoles(userId: number) {
  return useQuery(userRolesQueryOptions(userId));
}
