import type { examViewSchema, ExamView } from '@banksia/contracts/exam-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

/**
 * A demo lesson's question set, open to everyone (api:demo-question-set): its questions without solutions, which
 * come one at a time with each checked answer.
 */
export async function getDemoQuestionSet(examId: number, signal?: AbortSignal): Promise<ExamView> {
  return unwrap(
    await getJson<Answer<typeof examViewSchema>>(urlFor('api:demo-question-set', { examId }), {
      signal,
    }),
  );
}

export function demoQuestionSetQueryOptions(examId: number) {
  return queryOptions({
    queryKey: ['question-sets', 'demo', examId],
    queryFn: ({ signal }) => getDemoQuestionSet(examId, signal),
    // Authored content: it does not change while a visitor works through it.
    staleTime: 5 * 60_000,
  });
}

export function useDemoQuestionSet(examId: number) {
  return useQuery(demoQuestionSetQueryOptions(examId));
}
