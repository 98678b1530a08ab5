import type { examAuthoringSchema, ExamAuthoring } from '@banksia/contracts/exam-authoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';
import { authoringQueryKey } from './query-keys';

export async function getAuthoringExam(examId: number, signal?: AbortSignal): Promise<ExamAuthoring> {
  return unwrap(
    await getJson<Answer<typeof examAuthoringSchema>>(urlFor('api:admin-exam', { examId }), {
      signal,
    }),
  );
}

export function authoringExamQuery(examId: number) {
  return queryOptions({
    queryKey: [...authoringQueryKey, 'exam', examId],
    queryFn: ({ signal }) => getAuthoringExam(examId, signal),
    // The editor keeps its own copy while open; a refetch would not replace it, so do not poll.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useAuthoringExam(examId: number) {
  return useQuery(authoringExamQuery(examId));
}
