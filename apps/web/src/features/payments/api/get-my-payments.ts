import type { myPaymentsResponse, MyPayments } from '@banksia/contracts/payments-checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** The signed-in student's payment links for this year, with what each owes per class. */
export async function getMyPayments(signal?: AbortSignal): Promise<MyPayments> {
  return unwrap(await getJson<Answer<typeof myPaymentsResponse>>(urlFor('api:payments-me'), { signal }));
}

export function myPaymentsQueryOptions() {
  return queryOptions({ queryKey: ['payments', 'me'], queryFn: ({ signal }) => getMyPayments(signal) });
}

export function useMyPayments() {
  return useQuery(myPaymentsQueryOptions());
}
