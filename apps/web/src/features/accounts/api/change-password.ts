import type { ChangePasswordBody } from '@banksia/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';

/** Changes the signed-in user's password (the server ends their other sessions). */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  unwrap(await postJson(urlFor('api:change-password'), body));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
