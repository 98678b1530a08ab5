import type { startCheckoutResponse, StartCheckout } from '@banksia/contracts/payments-checkout';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';

/** Starts (or resumes) the checkout of a payment link: the provider's page to send the browser to. */
export async function startCheckout(code: string): Promise<StartCheckout> {
  return unwrap(
    await postJson<Answer<typeof startCheckoutResponse>>(urlFor('api:payment-link-checkout', { code }), {}, {}),
  );
}

/** Starts checkout and leaves for the provider's page. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: (started) => {
      window.location.assign(started.url);
    },
  });
}
