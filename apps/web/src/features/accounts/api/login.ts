import { meResponse, type LoginBody, type Me } from '@banksia/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { replaceSession } from './get-me';

/** Signs in; the answer is the new session's user (the CSRF token it also carries is set as a cookie). */
export async function login(body: LoginBody): Promise<Me> {
  return unwrap(await postJson(urlFor('api:login'), body, { transform: (answer) => meResponse.parse(answer) }));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Anything cached while signed out must not leak into the new session.
    onSuccess: (me) => replaceSession(queryClient, me),
  });
}
