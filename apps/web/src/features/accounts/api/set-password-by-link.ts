import { setPasswordResponse, type SetPasswordBody, type SetPasswordResponse } from '@banksia/contracts/passwords';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { replaceSession } from './get-me';

/** Sets the password through a link (POST api:password-token); the answer signs the person in, as sign-in does. */
export async function setPasswordByLink(token: string, body: SetPasswordBody): Promise<SetPasswordResponse> {
  return unwrap(
    await postJson(urlFor('api:password-token', { token }), body, {
      transform: (answer) => setPasswordResponse.parse(answer),
    }),
  );
}

export function useSetPasswordByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPasswordBody) => setPasswordByLink(token, body),
    onSuccess: ({ csrf_token: _csrf, ...me }) => replaceSession(queryClient, me),
  });
}
