import type { taskQuestionInsightsSchema, TaskQuestionInsights } from '@banksia/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { anonymiseSearch, taskKeys } from './query-keys';

/** Each student's answer to and mark for one question of a task (GET api:task-question-insights; teachers). */
export async function getTaskQuestionInsights(
  params: { taskId: number; questionId: number },
  anonymised: boolean,
  signal?: AbortSignal,
): Promise<TaskQuestionInsights> {
  return unwrap(
    await getJson<Answer<typeof taskQuestionInsightsSchema>>(
      `${urlFor('api:task-question-insights', params)}${anonymiseSearch(anonymised)}`,
      {
        signal,
      },
    ),
  );
}

export function taskQuestionInsightsQueryOptions(params: { taskId: number; questionId: number }, anonymised: boolean) {
  return queryOptions({
    queryKey: taskKeys.questionInsights(params.taskId, params.questionId, anonymised),
    queryFn: ({ signal }) => getTaskQuestionInsights(params, anonymised, signal),
  });
}

export function useTaskQuestionInsights(params: { taskId: number; questionId: number }, anonymised: boolean) {
  return useQuery(taskQuestionInsightsQueryOptions(params, anonymised));
}
