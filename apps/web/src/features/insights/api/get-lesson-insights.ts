import type { lessonInsightsSchema, LessonInsights } from '@banksia/contracts/insights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { anonymiseSearch, insightKeys } from './query-keys';

export type LessonInsightsParams = { classId: number; topicId: number; lessonId: number };

/** The lesson engagement dashboard's data (GET api:class-lesson-insights; the class's teachers). */
export async function getLessonInsights(
  params: LessonInsightsParams,
  anonymised: boolean,
  signal?: AbortSignal,
): Promise<LessonInsights> {
  return unwrap(
    await getJson<Answer<typeof lessonInsightsSchema>>(
      `${urlFor('api:class-lesson-insights', params)}${anonymiseSearch(anonymised)}`,
      {
        signal,
      },
    ),
  );
}

export function lessonInsightsQueryOptions(params: LessonInsightsParams, anonymised: boolean) {
  return queryOptions({
    queryKey: insightKeys.lesson(params, anonymised),
    queryFn: ({ signal }) => getLessonInsights(params, anonymised, signal),
  });
}

export function useLessonInsights(params: LessonInsightsParams, anonymised: boolean) {
  return useQuery(lessonInsightsQueryOptions(params, anonymised));
}
