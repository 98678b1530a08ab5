import type { reviewTopicsSchema, ReviewTopics } from '@banksia/contracts/review';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { reviewKeys } from './get-review-today';

/**
 * The topics the class keeps missing in review, by miss rate (GET api:class-review-topics; teachers). Names follow
 * the anonymiser cookie the server reads; `anonymised` is in the key so each setting is its own answer.
 */
export async function getReviewTopics(classId: number, signal?: AbortSignal): Promise<ReviewTopics> {
  return unwrap(
    await getJson<Answer<typeof reviewTopicsSchema>>(urlFor('api:class-review-topics', { classId }), {
      signal,
    }),
  );
}

export function reviewTopicsQueryOptions(classId: number, anonymised: boolean) {
  return queryOptions({
    queryKey: reviewKeys.topics(classId, anonymised),
    queryFn: ({ signal }) => getReviewTopics(classId, signal),
  });
}

/** While the other setting loads, the last answer stays as placeholder; pages must not show its names meanwhile. */
export function useReviewTopics(classId: number, anonymised: boolean) {
  return useQuery({ ...reviewTopicsQueryOptions(classId, anonymised), placeholderData: keepPreviousData });
}
