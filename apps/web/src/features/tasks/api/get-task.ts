import type { taskDetailSchema, TaskDetail } from '@banksia/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { anonymiseSearch, taskKeys } from './query-keys';

/** One task (GET api:task): teachers get each student's done items, students their own status. */
export async function getTask(taskId: number, anonymised: boolean, signal?: AbortSignal): Promise<TaskDetail> {
  return unwrap(
    await getJson<Answer<typeof taskDetailSchema>>(`${urlFor('api:task', { taskId })}${anonymiseSearch(anonymised)}`, {
      signal,
    }),
  );
}

export function taskQueryOptions(taskId: number, anonymised: boolean) {
  return queryOptions({
    queryKey: taskKeys.task(taskId, anonymised),
    queryFn: ({ signal }) => getTask(taskId, anonymised, signal),
  });
}

export function useTask(taskId: number, anonymised: boolean) {
  return useQuery(taskQueryOptions(taskId, anonymised));
}
