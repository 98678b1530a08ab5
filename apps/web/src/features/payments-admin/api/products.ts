import {
  productsResponse,
  saveProductsResponse,
  schoolProductsSchema,
  type ProductsList,
  type SaveProductsBody,
  type SchoolProducts,
} from '@banksia/contracts/payments-admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, putJson } from '../../../lib/request';

const key = ['payments-admin', 'products'] as const;

export function productsQuery(calendarYear: number) {
  return queryOptions({
    queryKey: [...key, calendarYear],
    queryFn: async ({ signal }): Promise<ProductsList> =>
      unwrap(
        await getJson(urlFor('api:payment-products', { calendarYear }), {
          signal,
          transform: (body) => productsResponse.parse(body),
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
        await getJson(urlFor('api:payment-products-school', { calendarYear, schoolId }), {
          signal,
          transform: (body) => schoolProductsSchema.parse(body),
        }),
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
        await putJson(urlFor('api:payment-products-school', { calendarYear, schoolId }), body, {
          transform: (b) => saveProductsResponse.parse(b),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments-admin'] }),
  });
}
