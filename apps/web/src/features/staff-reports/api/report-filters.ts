import { urlFor } from '../../../lib/named-routes';

/** The filters both reports take; the API's own URL with them is also the CSV download's. */
export interface ReportFilters {
  year: number;
  schoolId?: number | null;
}

export function reportQuery({ year, schoolId }: ReportFilters): string {
  const params = new URLSearchParams({ year: String(year) });
  if (schoolId) params.set('school_id', String(schoolId));
  return `?${params}`;
}

/** Where each report's CSV variant downloads from, for the same filters. */
export const csvUrl = {
  emailDomains: (f: ReportFilters) => urlFor('api:report-email-domains-csv') + reportQuery(f),
  salesLeads: (f: ReportFilters) => urlFor('api:report-sales-leads-csv') + reportQuery({ year: f.year }),
};

export const reportKey = ['staff-reports'] as const;
