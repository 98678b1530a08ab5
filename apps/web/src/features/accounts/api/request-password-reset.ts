import type { passwordResetResponse, PasswordResetBody } from '@banksia/contracts/passwords';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';

/** Asks for a reset link by email (POST api:password-reset); the answer is the same whether or not the account exists. */
export async function requestPasswordReset(body: PasswordResetBody): Promise<string> {
  const answer = unwrap(await postJson<Answer<typeof passwordResetResponse>>(urlFor('api:password-reset'), body));
  return answer.detail;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
