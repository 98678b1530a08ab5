import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trialsKey } from './query-keys';

export function useInvalidatingMutation<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trialsKey }),
  });
}
