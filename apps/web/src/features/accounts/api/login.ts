import type { LoginBody, Me } from '@banksia/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { replaceSession } from './get-me';

/** Signs in; the answer is the new session's user. The CSRF token it also carries is set as a cookie, so it is left out. */
export async function login(body: LoginBody): Promise<Me> {
  const { csrf_token: _token, ...me } = unwrap(await postJson<Me & { csrf_token: string }>(urlFor('api:login'), body));
  return me;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Anything cached while signed out must not leak into the new session.
    onSuccess: (me) => replaceSession(queryClient, me),
  });
}
