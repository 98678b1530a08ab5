import type {
  productsResponse,
  saveProductsResponse,
  schoolProductsSchema,
  ProductsList,
  SaveProductsBody,
  SchoolProducts,
} from '@banksia/contracts/payments-admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, putJson, type Answer } from '../../../lib/request';

const key = ['payments-admin', 'products'] as const;

export function productsQuery(calendarYear: number) {
  return queryOptions({
    queryKey: [...key, calendarYear],
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

export function schoolProductsQuery(calendarYear: number, schoolId: number) {
  return queryOptions({
    queryKey: [...key, calendarYear, schoolId],
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments-admin'] }),
  });
}
