import type {
  profilesWithoutSchoolEmailResponse,
  ProfilesWithoutSchoolEmailReport,
} from '@banksia/contracts/staff-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { type ReportFilters, reportKey, reportQuery } from './report-filters';

export function emailDomainReportQuery(filters: ReportFilters) {
  return queryOptions({
    queryKey: [...reportKey, 'email-domains', filters.year, filters.schoolId ?? null],
    queryFn: async ({ signal }): Promise<ProfilesWithoutSchoolEmailReport> =>
      unwrap(
        await getJson<Answer<typeof profilesWithoutSchoolEmailResponse>>(
          urlFor('api:report-email-domains') + reportQuery(filters),
          {
            signal,
          },
        ),
      ),
    // Changing the year keeps the last answer on screen (dimmed) until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useEmailDomainReport(filters: ReportFilters) {
  return useQuery(emailDomainReportQuery(filters));
}
