import type { taskDetailSchema, CreateTaskBody, TaskDetail, UpdateTaskBody } from '@banksia/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { patchJson, postJson, type Answer } from '../../../lib/request';
import { taskKeys } from './query-keys';

/** Sets a class a task (POST api:tasks). */
export async function createTask(body: CreateTaskBody): Promise<TaskDetail> {
  return unwrap(await postJson<Answer<typeof taskDetailSchema>>(urlFor('api:tasks'), body));
}

/** Changes a task (PATCH api:task); items, when sent, replace the task's items. */
export async function updateTask(taskId: number, body: UpdateTaskBody): Promise<TaskDetail> {
  return unwrap(await patchJson<Answer<typeof taskDetailSchema>>(urlFor('api:task', { taskId }), body));
}

/** Creates a task, or updates one when `taskId` is given; every tasks query is fetched again afterwards. */
export function useSaveTask(taskId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskBody) => {
      if (taskId === null) return createTask(body);
      const { class_id: _classId, ...changes } = body;
      return updateTask(taskId, changes);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
