import type { welcomeStepSchema, WelcomeStepBody } from '@banksia/contracts/welcome-emails';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, putJson, type Answer } from '../../../lib/request';
import { welcomeEmailsKey } from './query-keys';

/** Saves an email: a new one (no id) or changes to one. */
export function useSaveWelcomeStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: WelcomeStepBody }) =>
      unwrap(
        id === null
          ? await postJson<Answer<typeof welcomeStepSchema>>(urlFor('api:admin-welcome-emails'), body, {})
          : await putJson<Answer<typeof welcomeStepSchema>>(
              urlFor('api:admin-welcome-email', { stepId: id }),
              body,
              {},
            ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...welcomeEmailsKey, 'steps'] }),
  });
}
