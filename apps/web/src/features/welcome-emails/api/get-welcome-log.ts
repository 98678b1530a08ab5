import type { welcomeLogResponse } from '@banksia/contracts/welcome-emails';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { welcomeEmailsKey } from './query-keys';

/** What the journey sent, a page at a time, newest first. */
export function useWelcomeLog(page: number) {
  return useQuery({
    queryKey: [...welcomeEmailsKey, 'log', page],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof welcomeLogResponse>>(`${urlFor('api:admin-welcome-email-log')}?page=${page}`, {
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
