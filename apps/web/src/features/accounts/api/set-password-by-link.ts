import type { setPasswordResponse, SetPasswordBody, SetPasswordResponse } from '@banksia/contracts/passwords';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { replaceSession } from './get-me';

/** Sets the password through a link (POST api:password-token); the answer signs the person in, as sign-in does. */
export async function setPasswordByLink(token: string, body: SetPasswordBody): Promise<SetPasswordResponse> {
  return unwrap(await postJson<Answer<typeof setPasswordResponse>>(urlFor('api:password-token', { token }), body));
}

export function useSetPasswordByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPasswordBody) => setPasswordByLink(token, body),
    onSuccess: ({ csrf_token: _csrf, ...me }) => replaceSession(queryClient, me),
  });
}
