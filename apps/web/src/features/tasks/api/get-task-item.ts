import type { taskItemDetailSchema, TaskItemDetail } from '@banksia/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { anonymiseSearch, taskKeys } from './query-keys';

/** One item of a task (GET api:task-item): who has done it (teachers) or the student's own status. */
export async function getTaskItem(
  params: { taskId: number; taskItemId: number },
  anonymised: boolean,
  signal?: AbortSignal,
): Promise<TaskItemDetail> {
  return unwrap(
    await getJson<Answer<typeof taskItemDetailSchema>>(
      `${urlFor('api:task-item', params)}${anonymiseSearch(anonymised)}`,
      {
        signal,
      },
    ),
  );
}

export function taskItemQueryOptions(params: { taskId: number; taskItemId: number }, anonymised: boolean) {
  return queryOptions({
    queryKey: taskKeys.item(params.taskId, params.taskItemId, anonymised),
    queryFn: ({ signal }) => getTaskItem(params, anonymised, signal),
  });
}

export function useTaskItem(params: { taskId: number; taskItemId: number }, anonymised: boolean) {
  return useQuery(taskItemQueryOptions(params, anonymised));
}
