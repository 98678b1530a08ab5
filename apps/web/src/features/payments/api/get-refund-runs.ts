import type { refundRunsResponse, RefundRunsList } from '@banksia/contracts/payments-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { refundRunsKey } from './query-keys';

export function refundRunsQuery(calendarYear: number) {
  return queryOptions({
    queryKey: [...refundRunsKey, calendarYear],
    queryFn: async ({ signal }): Promise<RefundRunsList> =>
      unwrap(
        await getJson<Answer<typeof refundRunsResponse>>(urlFor('api:refund-runs', { calendarYear }), {
          signal,
        }),
      ),
  });
}

export const useRefundRuns = (calendarYear: number) => useQuery(refundRunsQuery(calendarYear));
