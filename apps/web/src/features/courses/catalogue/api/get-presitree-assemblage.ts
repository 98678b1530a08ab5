import type { presitreeAssemblageResponse, PresitreeAssemblage } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

/** A course's outline, with no class attached (api:presitree-assemblage). */
export async function getPresitreeAssemblage(courseId: number, signal?: AbortSignal): Promise<PresitreeAssemblage> {
  return unwrap(
    await getJson<Answer<typeof presitreeAssemblageResponse>>(urlFor('api:presitree-assemblage', { courseId }), {
      signal,
    }),
  );
}

export function presitreeAssemblageQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['courses', 'presitree', courseId],
    queryFn: ({ signal }) => getPresitreeAssemblage(courseId, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePresitreeAssemblage(courseId: number) {
  return useQuery(presitreeAssemblageQueryOptions(courseId));
}
