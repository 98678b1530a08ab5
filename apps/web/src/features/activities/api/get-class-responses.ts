import { type classResponsesSchema, RESPONSES_REFRESH_MS, type ClassResponses } from '@banksia/contracts/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** Every student of a class with their response to an activity (api:activity-class-responses; teachers). */
export async function getClassResponses(
  params: { activityId: number; classId: number },
  signal?: AbortSignal,
): Promise<ClassResponses> {
  return unwrap(
    await getJson<Answer<typeof classResponsesSchema>>(urlFor('api:activity-class-responses', params), {
      signal,
    }),
  );
}

export function classResponsesQueryOptions(params: { activityId: number; classId: number }) {
  return queryOptions({
    queryKey: ['activities', 'class-responses', params.activityId, params.classId],
    queryFn: ({ signal }) => getClassResponses(params, signal),
    // Students' answers come in while the teacher watches (spec §4: refreshed every 5000 ms).
    refetchInterval: RESPONSES_REFRESH_MS,
  });
}

export function useClassResponses(params: { activityId: number; classId: number }) {
  return useQuery(classResponsesQueryOptions(params));
}
