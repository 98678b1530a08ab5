import type { schoolProductsSchema, SchoolProducts } from '@banksia/contracts/payments-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { productsKey } from './query-keys';

export function schoolProductsQuery(calendarYear: number, schoolId: number) {
  return queryOptions({
    queryKey: [...productsKey, calendarYear, schoolId],
    queryFn: async ({ signal }): Promise<SchoolProducts> =>
      unwrap(
        await getJson<Answer<typeof schoolProductsSchema>>(
          urlFor('api:payment-products-school', { calendarYear, schoolId }),
          {
            signal,
          },
        ),
      ),
  });
}

export const useSchoolProducts = (calendarYear: number, schoolId: number) =>
  useQuery(schoolProductsQuery(calendarYear, schoolId));
