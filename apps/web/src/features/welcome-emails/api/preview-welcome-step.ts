import type { welcomePreviewResponse, WelcomePreviewBody } from '@banksia/contracts/welcome-emails';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { welcomeEmailsKey } from './query-keys';

/** The email in its layout with sample values. */
export function useWelcomePreview(body: WelcomePreviewBody | null) {
  return useQuery({
    queryKey: [...welcomeEmailsKey, 'preview', body?.subject, body?.body],
    queryFn: async ({ signal }) =>
      unwrap(
        await postJson<Answer<typeof welcomePreviewResponse>>(urlFor('api:admin-welcome-email-preview'), body, {
          signal,
        }),
      ),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
