import type { activityResponsesSummarySchema, ActivityResponsesSummary } from '@banksia/contracts/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export function responsesSummaryQueryOptions(activityId: number) {
  return queryOptions({
    queryKey: ['activities', 'responses-summary', activityId],
    queryFn: async ({ signal }): Promise<ActivityResponsesSummary> =>
      unwrap(
        await getJson<Answer<typeof activityResponsesSummarySchema>>(urlFor('api:activity-responses', { activityId }), {
          signal,
        }),
      ),
  });
}

/** How many responses, from how many students, clearing would remove (fetched when `enabled`, i.e. asked). */
export function useResponsesSummary(activityId: number, enabled: boolean) {
  return useQuery({ ...responsesSummaryQueryOptions(activityId), enabled, staleTime: 0 });
}
