import type { examInsightsSchema, ExamInsights } from '@banksia/contracts/insights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { anonymiseSearch, insightKeys } from './query-keys';

export type ExamInsightsParams = { classId: number; topicId: number; examId: number };

/** Exam insights: scores, questions and who needs help (GET api:class-exam-insights; the class's teachers). */
export async function getExamInsights(
  params: ExamInsightsParams,
  anonymised: boolean,
  signal?: AbortSignal,
): Promise<ExamInsights> {
  return unwrap(
    await getJson<Answer<typeof examInsightsSchema>>(
      `${urlFor('api:class-exam-insights', params)}${anonymiseSearch(anonymised)}`,
      {
        signal,
      },
    ),
  );
}

export function examInsightsQueryOptions(params: ExamInsightsParams, anonymised: boolean) {
  return queryOptions({
    queryKey: insightKeys.exam(params, anonymised),
    queryFn: ({ signal }) => getExamInsights(params, anonymised, signal),
  });
}

export function useExamInsights(params: ExamInsightsParams, anonymised: boolean) {
  return useQuery(examInsightsQueryOptions(params, anonymised));
}
