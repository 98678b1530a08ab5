import type { questionInsightsSchema, QuestionInsights } from '@banksia/contracts/insights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { anonymiseSearch, insightKeys } from './query-keys';

export type QuestionInsightsParams = { classId: number; topicId: number; examId: number; questionId: number };

/** One question across the class (GET api:class-exam-question-insights; the class's teachers). */
export async function getQuestionInsights(
  params: QuestionInsightsParams,
  anonymised: boolean,
  signal?: AbortSignal,
): Promise<QuestionInsights> {
  return unwrap(
    await getJson<Answer<typeof questionInsightsSchema>>(
      `${urlFor('api:class-exam-question-insights', params)}${anonymiseSearch(anonymised)}`,
      {
        signal,
      },
    ),
  );
}

export function questionInsightsQueryOptions(params: QuestionInsightsParams, anonymised: boolean) {
  return queryOptions({
    queryKey: insightKeys.question(params, anonymised),
    queryFn: ({ signal }) => getQuestionInsights(params, anonymised, signal),
  });
}

export function useQuestionInsights(params: QuestionInsightsParams, anonymised: boolean) {
  return useQuery(questionInsightsQueryOptions(params, anonymised));
}
