import type { welcomeStepListResponse } from '@banksia/contracts/welcome-emails';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { welcomeEmailsKey } from './query-keys';

export function welcomeStepsQueryOptions() {
  return queryOptions({
    queryKey: [...welcomeEmailsKey, 'steps'],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof welcomeStepListResponse>>(urlFor('api:admin-welcome-emails'), {
          signal,
        }),
      ).results,
  });
}

/** The journey's emails, by role, class type and day. */
export function useWelcomeSteps() {
  return useQuery(welcomeStepsQueryOptions());
}
