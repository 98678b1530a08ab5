import type { welcomeTestSendResponse } from '@banksia/contracts/welcome-emails';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';

/** Sends a saved email to the staff member's own address. */
export function useTestSendWelcomeStep() {
  return useMutation({
    mutationFn: async (id: number) =>
      unwrap(
        await postJson<Answer<typeof welcomeTestSendResponse>>(
          urlFor('api:admin-welcome-email-test-send', { stepId: id }),
          undefined,
          {},
        ),
      ),
  });
}
