import type { userRolesResponse, SaveRoleBody, UserRoles } from '@banksia/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { userQueryOptions } from './get-user';
import { usersQueryKey } from './get-users';
import { userRolesQueryOptions } from './get-user-roles';

/** Grants or revokes one role; the answer is the user's roles afterwards. */
export async function saveUserRole(userId: number, body: SaveRoleBody): Promise<UserRoles> {
  return unwrap(await postJson<Answer<typeof userRolesResponse>>(urlFor('api:save-role', { userId }), body, {}));
}

/** Saves one role change, showing it at once and putting the old roles back if the server refuses. */
export function useSaveUserRole(userId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = userRolesQueryOptions(userId);
  return useMutation({
    mutationFn: (body: SaveRoleBody) => saveUserRole(userId, body),
    onMutate: async ({ role, granted }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) {
        const roles = granted ? [...new Set([...previous.roles, role])] : previous.roles.filter((r) => r !== role);
        queryClient.setQueryData(queryKey, { ...previous, roles });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      queryClient.setQueryData(userQueryOptions(userId).queryKey, (user) => user && { ...user, roles: answer.roles });
      // The user list shows each user's roles.
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
