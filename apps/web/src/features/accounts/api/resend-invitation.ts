import type { resendInvitationResponse } from '@banksia/contracts/passwords';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';

/** Emails a user without a password a new set-password link (POST api:resend-invitation); earlier links stop working. */
export async function resendInvitation(userId: number): Promise<string> {
  const answer = unwrap(
    await postJson<Answer<typeof resendInvitationResponse>>(urlFor('api:resend-invitation', { userId }), {}, {}),
  );
  return answer.detail;
}

export function useResendInvitation(userId: number) {
  return useMutation({ mutationFn: () => resendInvitation(userId) });
}
