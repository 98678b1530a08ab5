import type { fulfilmentReviewResponse, FulfilmentReviewItem } from '@banksia/contracts/payments-checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** Checkouts whose fulfilment failed or needs a person (content and payments staff). */
export async function getFulfilmentReview(signal?: AbortSignal): Promise<FulfilmentReviewItem[]> {
  const body = unwrap(
    await getJson<Answer<typeof fulfilmentReviewResponse>>(urlFor('api:fulfilment-review'), {
      signal,
    }),
  );
  return body.results;
}

export function fulfilmentReviewQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'fulfilment-review'],
    queryFn: ({ signal }) => getFulfilmentReview(signal),
  });
}

export function useFulfilmentReview() {
  return useQuery(fulfilmentReviewQueryOptions());
}
