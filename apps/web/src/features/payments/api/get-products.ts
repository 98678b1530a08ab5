import type { productsResponse, ProductsList } from '@banksia/contracts/payments-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { productsKey } from './query-keys';

export function productsQuery(calendarYear: number) {
  return queryOptions({
    queryKey: [...productsKey, calendarYear],
    queryFn: async ({ signal }): Promise<ProductsList> =>
      unwrap(
        await getJson<Answer<typeof productsResponse>>(urlFor('api:payment-products', { calendarYear }), {
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export const useProducts = (calendarYear: number) => useQuery(productsQuery(calendarYear));
