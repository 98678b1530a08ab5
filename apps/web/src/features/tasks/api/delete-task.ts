import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { deleteJson } from '../../../lib/request';

/** Deletes a task (DELETE api:task). */
export async function deleteTask(taskId: number): Promise<void> {
  unwrap(await deleteJson(urlFor('api:task', { taskId })));
}

export function useDeleteTask(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTask(taskId),
    // The task's own query is left alone: the page showing it is still mounted and would ask again (and get a 404)
    // before the caller has moved away. Lists are fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks', 'list'] }),
  });
}
