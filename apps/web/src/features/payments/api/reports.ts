import type {
  refundsOwedResponse,
  studentsOwingResponse,
  RefundsOwedReport,
  StudentsOwingReport,
} from '@banksia/contracts/payments-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

const key = ['payments-admin', 'reports'] as const;
const schoolQuery = (schoolId: number | null) => (schoolId ? `?school_id=${schoolId}` : '');

export const studentsOwingCsvUrl = (calendarYear: number, schoolId: number | null) =>
  urlFor('api:report-students-owing-csv', { calendarYear }) + schoolQuery(schoolId);
export const refundsOwedCsvUrl = (calendarYear: number) => urlFor('api:report-refunds-owed-csv', { calendarYear });

export function studentsOwingQuery(calendarYear: number, schoolId: number | null) {
  return queryOptions({
    queryKey: [...key, 'students-owing', calendarYear, schoolId],
    queryFn: async ({ signal }): Promise<StudentsOwingReport> =>
      unwrap(
        await getJson<Answer<typeof studentsOwingResponse>>(
          urlFor('api:report-students-owing', { calendarYear }) + schoolQuery(schoolId),
          {
            signal,
          },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

export const useStudentsOwing = (calendarYear: number, schoolId: number | null) =>
  useQuery(studentsOwingQuery(calendarYear, schoolId));

export function refundsOwedQuery(calendarYear: number) {
  return queryOptions({
    queryKey: [...key, 'refunds-owed', calendarYear],
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
