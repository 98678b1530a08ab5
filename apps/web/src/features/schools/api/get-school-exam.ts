import type { schoolExamResponse, SchoolExam } from '@banksia/contracts/schools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export interface SchoolExamParams {
  schoolSlug: string;
  examId: number;
  /** Null for the current year. */
  year: number | null;
}

/** One exam across the school's classes on its course (api:school-exam). No student names. */
export async function getSchoolExam(params: SchoolExamParams, signal?: AbortSignal): Promise<SchoolExam> {
  const query = params.year === null ? '' : `?year=${params.year}`;
  return unwrap(
    await getJson<Answer<typeof schoolExamResponse>>(
      `${urlFor('api:school-exam', { schoolSlug: params.schoolSlug, examId: params.examId })}${query}`,
      {
        signal,
      },
    ),
  );
}

export function schoolExamQueryOptions(params: SchoolExamParams) {
  return queryOptions({
    queryKey: ['schools', 'exam', params.schoolSlug, params.examId, params.year],
    queryFn: ({ signal }) => getSchoolExam(params, signal),
  });
}

export function useSchoolExam(params: SchoolExamParams) {
  return useQuery(schoolExamQueryOptions(params));
}
