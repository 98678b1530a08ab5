import type { activityListResponse, ActivityListResponse } from '@banksia/contracts/activities';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { activityListKey } from './query-keys';

export async function getActivities(q: string, signal?: AbortSignal): Promise<ActivityListResponse> {
  const query = q ? `?${new URLSearchParams({ q })}` : '';
  return unwrap(
    await getJson<Answer<typeof activityListResponse>>(`${urlFor('api:activities')}${query}`, {
      signal,
    }),
  );
}

/** Activities matching `q`, with where each is used; the previous results stay while a new search loads. */
export function useActivities(q: string) {
  return useQuery({
    queryKey: [...activityListKey, q],
    queryFn: ({ signal }) => getActivities(q, signal),
    placeholderData: keepPreviousData,
  });
}
