import type { taskInsightsSchema, TaskInsights } from '@banksia/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { taskKeys } from './query-keys';

/** Completion and results per item and the facility of each question (GET api:task-insights; teachers). */
export async function getTaskInsights(taskId: number, signal?: AbortSignal): Promise<TaskInsights> {
  return unwrap(
    await getJson<Answer<typeof taskInsightsSchema>>(urlFor('api:task-insights', { taskId }), {
      signal,
    }),
  );
}

export function taskInsightsQueryOptions(taskId: number) {
  return queryOptions({
    queryKey: taskKeys.insights(taskId),
    queryFn: ({ signal }) => getTaskInsights(taskId, signal),
  });
}

export function useTaskInsights(taskId: number) {
  return useQuery(taskInsightsQueryOptions(taskId));
}
