import { passwordResetResponse, type PasswordResetBody } from '@banksia/contracts/passwords';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';

/** Asks for a reset link by email (POST api:password-reset); the answer is the same whether or not the account exists. */
export async function requestPasswordReset(body: PasswordResetBody): Promise<string> {
  const answer = unwrap(
    await postJson(urlFor('api:password-reset'), body, { transform: (b) => passwordResetResponse.parse(b) }),
  );
  return answer.detail;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
