import { myPaymentsResponse, type MyPayments } from '@banksia/contracts/payments-checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson } from '../../../lib/request';

/** The signed-in student's payment links for this year, with what each owes per class. */
export async function getMyPayments(signal?: AbortSignal): Promise<MyPayments> {
  return unwrap(
    await getJson(urlFor('api:payments-me'), { signal, transform: (body) => myPaymentsResponse.parse(body) }),
  );
}

export function myPaymentsQueryOptions() {
  return queryOptions({ queryKey: ['payments', 'me'], queryFn: ({ signal }) => getMyPayments(signal) });
}

export function useMyPayments() {
  return useQuery(myPaymentsQueryOptions());
}
