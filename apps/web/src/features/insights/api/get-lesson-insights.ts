import { lessonInsightsSchema, type LessonInsights } from '@banksia/contracts/insights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson } from '../../../lib/request';
import { anonymiseSearch, insightKeys } from './query-keys';

export type LessonInsightsParams = { classId: number; topicId: number; lessonId: number };

/** The lesson engagement dashboard's data (GET api:class-lesson-insights; the class's teachers). */
export async function getLessonInsights(
  params: LessonInsightsParams,
  anonymised: boolean,
  signal?: AbortSignal,
): Promise<LessonInsights> {
  return unwrap(
    await getJson(`${urlFor('api:class-lesson-insights', params)}${anonymiseSearch(anonymised)}`, {
      signal,
      transform: (body) => lessonInsightsSchema.parse(body),
    }),
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
