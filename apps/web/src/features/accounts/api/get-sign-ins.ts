import type { signInHistoryResponse, SignInHistory } from '@banksia/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** A user's recent sign-in attempts, newest first (content staff only). */
export async function getSignIns(userId: number, signal?: AbortSignal): Promise<SignInHistory> {
  return unwrap(
    await getJson<Answer<typeof signInHistoryResponse>>(urlFor('api:user-sign-ins', { userId }), {
      signal,
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
