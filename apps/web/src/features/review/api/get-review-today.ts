import type { reviewTodaySchema, ReviewToday } from '@banksia/contracts/review';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** The student's review for today (their school's day) across their classes (GET api:review-today). */
export async function getReviewToday(signal?: AbortSignal): Promise<ReviewToday> {
  return unwrap(await getJson<Answer<typeof reviewTodaySchema>>(urlFor('api:review-today'), { signal }));
}

export const reviewKeys = {
  all: ['review'] as const,
  today: () => ['review', 'today'] as const,
  topics: (classId: number, anonymised: boolean) =>
    ['review', 'topics', classId, anonymised ? 'anonymised' : 'named'] as const,
};

export function reviewTodayQueryOptions() {
  return queryOptions({
    queryKey: reviewKeys.today(),
    queryFn: ({ signal }) => getReviewToday(signal),
    // The page works through the set it was given; fetching again mid-set would only reshuffle it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useReviewToday() {
  return useQuery(reviewTodayQueryOptions());
}
