import type { taskOptionsSchema, TaskOptions } from '@banksia/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { taskKeys } from './query-keys';

/** What a teacher may put in a task for a class (GET api:task-options), for the "Set a task" form. */
export async function getTaskOptions(classId: number, signal?: AbortSignal): Promise<TaskOptions> {
  return unwrap(
    await getJson<Answer<typeof taskOptionsSchema>>(urlFor('api:task-options', { classId }), {
      signal,
    }),
  );
}

export function taskOptionsQueryOptions(classId: number) {
  return queryOptions({
    queryKey: taskKeys.options(classId),
    queryFn: ({ signal }) => getTaskOptions(classId, signal),
  });
}

export function useTaskOptions(classId: number | null) {
  return useQuery({ ...taskOptionsQueryOptions(classId ?? 0), enabled: classId !== null });
}
