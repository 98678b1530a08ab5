import type { paymentSummary, PaymentSummary } from '@banksia/contracts/payments-checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** What a payment link's student owes per class (works signed out). */
export async function getPaymentLink(code: string, signal?: AbortSignal): Promise<PaymentSummary> {
  return unwrap(await getJson<Answer<typeof paymentSummary>>(urlFor('api:payment-link', { code }), { signal }));
}

export function paymentLinkQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['payments', 'link', code],
    queryFn: ({ signal }) => getPaymentLink(code, signal),
  });
}

export function usePaymentLink(code: string) {
  return useQuery(paymentLinkQueryOptions(code));
}
