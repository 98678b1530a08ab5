import type { taskListSchema, TaskList } from '@banksia/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { taskKeys } from './query-keys';

/** The actor's tasks (GET api:tasks): set by them as a teacher, or set for them as a student; newest due first. */
export async function listTasks(classId: number | null, signal?: AbortSignal): Promise<TaskList> {
  const search = classId === null ? '' : `?class_id=${classId}`;
  return unwrap(await getJson<Answer<typeof taskListSchema>>(`${urlFor('api:tasks')}${search}`, { signal }));
}

export function tasksQueryOptions(classId: number | null = null) {
  return queryOptions({ queryKey: taskKeys.list(classId), queryFn: ({ signal }) => listTasks(classId, signal) });
}

export function useTasks(classId: number | null = null) {
  return useQuery(tasksQueryOptions(classId));
}
