import type { retryFulfilmentResponse } from '@banksia/contracts/payments-checkout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { fulfilmentReviewQueryOptions } from './get-fulfilment-review';

/** Runs a checkout's fulfilment again. */
export async function retryFulfilment(checkoutSessionId: string) {
  return unwrap(
    await postJson<Answer<typeof retryFulfilmentResponse>>(
      urlFor('api:fulfilment-retry', { checkoutSessionId }),
      {},
      {},
    ),
  );
}

export function useRetryFulfilment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFulfilment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fulfilmentReviewQueryOptions().queryKey }),
  });
}
