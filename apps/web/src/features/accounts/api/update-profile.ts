import type { meResponse, Me, UpdateProfileBody } from '@banksia/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { patchJson, type Answer } from '../../../lib/request';
import { meQueryKey } from './get-me';

/** Saves the signed-in user's names; the answer is the updated user. */
export async function updateProfile(body: UpdateProfileBody): Promise<Me> {
  return unwrap(await patchJson<Answer<typeof meResponse>>(urlFor('api:profile'), body));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
