import { signInHistoryResponse, type SignInHistory } from '@banksia/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson } from '../../../lib/request';

/** A user's recent sign-in attempts, newest first (content staff only). */
export async function getSignIns(userId: number, signal?: AbortSignal): Promise<SignInHistory> {
  return unwrap(
    await getJson(urlFor('api:user-sign-ins', { userId }), {
      signal,
      transform: (body) => signInHistoryResponse.parse(body),
    }),
  );
}

export function signInsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['accounts', 'user', userId, 'sign-ins'],
    queryFn: ({ signal }) => getSignIns(userId, signal),
  });
}

export function useSignIns(userId: number) {
  return useQuery(signInsQueryOptions(userId));
}
