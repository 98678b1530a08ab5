import type { setActiveResponse, SetActiveResponse } from '@banksia/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { userQueryOptions } from './get-user';
import { usersQueryKey } from './get-users';

/** Activates or deactivates a user (deactivating signs them out everywhere). */
export async function setUserActive(userId: number, isActive: boolean): Promise<SetActiveResponse> {
  return unwrap(
    await postJson<Answer<typeof setActiveResponse>>(urlFor('api:user-active', { userId }), { is_active: isActive }),
  );
}

export function useSetUserActive(userId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = userQueryOptions(userId);
  return useMutation({
    mutationFn: (isActive: boolean) => setUserActive(userId, isActive),
    onSuccess: (answer) => {
      // Show the new status at once; the refetch also replaces an answer that was in flight before the change.
      queryClient.setQueryData(queryKey, (user) => user && { ...user, is_active: answer.is_active });
      void queryClient.invalidateQueries({ queryKey });
      // The user list shows each user's status.
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
