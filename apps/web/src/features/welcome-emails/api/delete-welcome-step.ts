import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { deleteJson } from '../../../lib/request';
import { welcomeEmailsKey } from './query-keys';

export function useDeleteWelcomeStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrap(await deleteJson(urlFor('api:admin-welcome-email', { stepId: id }))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: welcomeEmailsKey }),
  });
}
