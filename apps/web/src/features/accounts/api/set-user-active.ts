import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { isRecord } from '../../../lib/json-body';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { usersQueryKey } from './get-users';

export interface SetActiveResponse {
  id: number;
  is_active: boolean;
}

// The contracts package has no schema for this answer (the server declares it inline), so it is checked by hand.
function toSetActiveResponse(body: unknown): SetActiveResponse {
  if (isRecord(body) && typeof body.id === 'number' && typeof body.is_active === 'boolean') {
    return { id: body.id, is_active: body.is_active };
  }
  throw new TypeError('Unexpected answer to setting a user active');
}

/** Activates or deactivates a user (deactivating signs them out everywhere). */
export async function setUserActive(userId: number, isActive: boolean): Promise<SetActiveResponse> {
  return unwrap(
    await postJson(urlFor('api:user-active', { userId }), { is_active: isActive }, { transform: toSetActiveResponse }),
  );
}

export function useSetUserActive(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) => setUserActive(userId, isActive),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
