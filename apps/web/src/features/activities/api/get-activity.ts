import type { activityDetailSchema, ActivityDetail } from '@banksia/contracts/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** An activity and its blocks (api:activity). */
export async function getActivity(activityId: number, signal?: AbortSignal): Promise<ActivityDetail> {
  return unwrap(
    await getJson<Answer<typeof activityDetailSchema>>(urlFor('api:activity', { activityId }), {
      signal,
    }),
  );
}

export function activityQueryOptions(activityId: number) {
  return queryOptions({
    queryKey: ['activities', 'activity', activityId],
    queryFn: ({ signal }) => getActivity(activityId, signal),
  });
}

export function useActivity(activityId: number) {
  return useQuery(activityQueryOptions(activityId));
}
