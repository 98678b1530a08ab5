import type {
  profilesWithoutSchoolEmailResponse,
  salesLeadResponse,
  schoolEmailDomainsResponse,
  schoolTimeZoneResponse,
  ProfilesWithoutSchoolEmailReport,
  SalesLeadReport,
} from '@banksia/contracts/staff-reports';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, putJson, type Answer } from '../../../lib/request';

/** The filters both reports take; the API's own URL with them is also the CSV download's. */
export interface ReportFilters {
  year: number;
  schoolId?: number | null;
}

function query({ year, schoolId }: ReportFilters): string {
  const params = new URLSearchParams({ year: String(year) });
  if (schoolId) params.set('school_id', String(schoolId));
  return `?${params}`;
}

/** Where each report's CSV variant downloads from, for the same filters. */
export const csvUrl = {
  emailDomains: (f: ReportFilters) => urlFor('api:report-email-domains-csv') + query(f),
  salesLeads: (f: ReportFilters) => urlFor('api:report-sales-leads-csv') + query({ year: f.year }),
};

const reportKey = ['staff-reports'] as const;

export function emailDomainReportQuery(filters: ReportFilters) {
  return queryOptions({
    queryKey: [...reportKey, 'email-domains', filters.year, filters.schoolId ?? null],
    queryFn: async ({ signal }): Promise<ProfilesWithoutSchoolEmailReport> =>
      unwrap(
        await getJson<Answer<typeof profilesWithoutSchoolEmailResponse>>(
          urlFor('api:report-email-domains') + query(filters),
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

export function salesLeadReportQuery(year: number) {
  return queryOptions({
    queryKey: [...reportKey, 'sales-leads', year],
    queryFn: async ({ signal }): Promise<SalesLeadReport> =>
      unwrap(
        await getJson<Answer<typeof salesLeadResponse>>(urlFor('api:report-sales-leads') + query({ year }), {
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSalesLeadReport(year: number) {
  return useQuery(salesLeadReportQuery(year));
}

/** Sets a school's time zone (PUT api:school-time-zone), then reloads the report. */
export function useSetSchoolTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ schoolId, timeZone }: { schoolId: number; timeZone: string }) =>
      unwrap(
        await putJson<Answer<typeof schoolTimeZoneResponse>>(urlFor('api:school-time-zone', { schoolId }), {
          time_zone: timeZone,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportKey, 'email-domains'] }),
  });
}

/** Sets a school's email domains (PUT api:school-email-domains), then reloads the report. */
export function useSetEmailDomains() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ schoolId, domains }: { schoolId: number; domains: string[] }) =>
      unwrap(
        await putJson<Answer<typeof schoolEmailDomainsResponse>>(urlFor('api:school-email-domains', { schoolId }), {
          email_domains: domains,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportKey, 'email-domains'] }),
  });
}
