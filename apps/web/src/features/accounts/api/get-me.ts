import type { sessionResponse, Me } from '@banksia/contracts/accounts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { RequestFailure } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** The signed-in user, or null when signed out (the session call answers `{me: null}`: no error to log). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  const result = await getJson<Answer<typeof sessionResponse>>(urlFor('api:session'), { signal });
  if (result.ok) return result.body.me;
  if (result.status === 401) return null;
  throw new RequestFailure(result.failureReason, result.status, result.body);
}

export const meQueryKey = ['accounts', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

/** The session: `data` is the user, null when signed out, undefined while loading. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * Switches the cached session to `me` (null: signed out) and forgets every other cached answer, which belonged to
 * the previous session. A me request still in flight is cancelled first, so its late answer cannot bring the old
 * session back. The me query itself is kept and updated rather than removed, so the components already watching it
 * see the change.
 */
export async function replaceSession(queryClient: QueryClient, me: Me | null): Promise<void> {
  await queryClient.cancelQueries({ queryKey: meQueryKey });
  queryClient.removeQueries({ predicate: (query) => !isMeKey(query.queryKey) });
  queryClient.setQueryData(meQueryKey, me);
}

function isMeKey(key: readonly unknown[]): boolean {
  return key.length === meQueryKey.length && meQueryKey.every((part, i) => key[i] === part);
}
