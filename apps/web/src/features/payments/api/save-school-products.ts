import type { saveProductsResponse, SaveProductsBody } from '@banksia/contracts/payments-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { putJson, type Answer } from '../../../lib/request';
import { paymentsAdminKey } from './query-keys';

/** Saves a school's prices and due date for a year (PUT api:payment-products-school). */
export function useSaveProducts(calendarYear: number, schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveProductsBody) =>
      unwrap(
        await putJson<Answer<typeof saveProductsResponse>>(
          urlFor('api:payment-products-school', { calendarYear, schoolId }),
          body,
          {},
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsAdminKey }),
  });
}
