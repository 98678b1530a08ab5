import type { salesLeadResponse, SalesLeadReport } from '@banksia/contracts/staff-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { reportKey, reportQuery } from './report-filters';

export function salesLeadReportQuery(year: number) {
  return queryOptions({
    queryKey: [...reportKey, 'sales-leads', year],
    queryFn: async ({ signal }): Promise<SalesLeadReport> =>
      unwrap(
        await getJson<Answer<typeof salesLeadResponse>>(urlFor('api:report-sales-leads') + reportQuery({ year }), {
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSalesLeadReport(year: number) {
  return useQuery(salesLeadReportQuery(year));
}
