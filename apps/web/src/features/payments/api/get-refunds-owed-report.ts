import type { refundsOwedResponse, RefundsOwedReport } from '@banksia/contracts/payments-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { reportsKey } from './query-keys';

export const refundsOwedCsvUrl = (calendarYear: number) => urlFor('api:report-refunds-owed-csv', { calendarYear });

export function refundsOwedQuery(calendarYear: number) {
  return queryOptions({
    queryKey: [...reportsKey, 'refunds-owed', calendarYear],
    queryFn: async ({ signal }): Promise<RefundsOwedReport> =>
      unwrap(
        await getJson<Answer<typeof refundsOwedResponse>>(urlFor('api:report-refunds-owed', { calendarYear }), {
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export const useRefundsOwed = (calendarYear: number) => useQuery(refundsOwedQuery(calendarYear));
