import type { trialListResponse, TrialClassType } from '@banksia/contracts/trials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { trialsKey } from './query-keys';

/** Trial classes of a type, newest first (api:admin-trials). */
export function trialsQueryOptions(classType: TrialClassType) {
  return queryOptions({
    queryKey: [...trialsKey, classType],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof trialListResponse>>(`${urlFor('api:admin-trials')}?class_type=${classType}`, {
          signal,
        }),
      ).results,
  });
}

export function useTrials(classType: TrialClassType) {
  return useQuery(trialsQueryOptions(classType));
}
