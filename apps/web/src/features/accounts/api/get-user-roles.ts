import { userRolesResponse, type UserRoles } from '@banksia/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson } from '../../../lib/request';

/** The roles a user holds (content staff only); 404 for an unknown user. */
export async function getUserRoles(userId: number, signal?: AbortSignal): Promise<UserRoles> {
  return unwrap(
    await getJson(urlFor('api:get-roles', { userId }), { signal, transform: (body) => userRolesResponse.parse(body) }),
  );
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
