import type { checkoutStateResponse, CheckoutStateBody } from '@banksia/contracts/payments-checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** How often the fulfilment page asks again while the payment is not settled, and for how long. */
export const CHECKOUT_POLL_MS = 1_000;
export const CHECKOUT_POLL_FOR_MS = 120_000;

/** The latest checkout of a payment link: open, processing, paid… (access opens from the webhook, not from here). */
export async function getCheckoutState(code: string, signal?: AbortSignal): Promise<CheckoutStateBody> {
  return unwrap(
    await getJson<Answer<typeof checkoutStateResponse>>(urlFor('api:payment-link-checkout', { code }), {
      signal,
    }),
  );
}

export function checkoutStateQueryOptions(code: string, startedAt: number) {
  return queryOptions({
    queryKey: ['payments', 'checkout-state', code],
    queryFn: ({ signal }) => getCheckoutState(code, signal),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      const waiting = state === 'open' || state === 'processing' || state === undefined;
      return waiting && Date.now() - startedAt < CHECKOUT_POLL_FOR_MS ? CHECKOUT_POLL_MS : false;
    },
  });
}

export function useCheckoutState(code: string, startedAt: number) {
  return useQuery({ ...checkoutStateQueryOptions(code, startedAt), enabled: code !== '' });
}
