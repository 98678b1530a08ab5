import type { examClassesSchema, ExamClasses } from '@banksia/contracts/exam-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { examKeys } from './query-keys';

export type ExamClass = ExamClasses['classes'][number];

/**
 * The viewer's classes on the exam's course (api:exam-classes): whether they teach there, the exam's lock, whether
 * results are released, and a student's current sitting.
 */
export async function getExamClasses(examId: number, signal?: AbortSignal): Promise<ExamClasses> {
  return unwrap(
    await getJson<Answer<typeof examClassesSchema>>(urlFor('api:exam-classes', { examId }), {
      signal,
    }),
  );
}

export function examClassesQueryOptions(examId: number) {
  return queryOptions({
    queryKey: examKeys.classes(examId),
    queryFn: ({ signal }) => getExamClasses(examId, signal),
    // A teacher may lock the exam or release results at any time: check again whenever a page opens.
    staleTime: 0,
  });
}

export function useExamClasses(examId: number) {
  return useQuery(examClassesQueryOptions(examId));
}
