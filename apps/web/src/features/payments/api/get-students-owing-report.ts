import type { studentsOwingResponse, StudentsOwingReport } from '@banksia/contracts/payments-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { reportsKey } from './query-keys';

const schoolQuery = (schoolId: number | null) => (schoolId ? `?school_id=${schoolId}` : '');

export const studentsOwingCsvUrl = (calendarYear: number, schoolId: number | null) =>
  urlFor('api:report-students-owing-csv', { calendarYear }) + schoolQuery(schoolId);

export function studentsOwingQuery(calendarYear: number, schoolId: number | null) {
  return queryOptions({
    queryKey: [...reportsKey, 'students-owing', calendarYear, schoolId],
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
