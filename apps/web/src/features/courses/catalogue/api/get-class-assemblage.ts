import type { classAssemblageResponse, ClassAssemblage } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { CLASS_DOMAIN_RETRY, getJson, type Answer } from '../../../../lib/request';

/** The class's course as a tree with its content (api:course-assemblage). */
export async function getClassAssemblage(classId: number, signal?: AbortSignal): Promise<ClassAssemblage> {
  return unwrap(
    await getJson<Answer<typeof classAssemblageResponse>>(urlFor('api:course-assemblage', { classId }), {
      signal,
      retry: CLASS_DOMAIN_RETRY,
    }),
  );
}

export function classAssemblageQueryOptions(classId: number) {
  return queryOptions({
    queryKey: ['courses', 'class-assemblage', classId],
    queryFn: ({ signal }) => getClassAssemblage(classId, signal),
    // Course content changes when authors publish, not while a student works through it.
    staleTime: 5 * 60_000,
  });
}

export function useClassAssemblage(classId: number) {
  return useQuery(classAssemblageQueryOptions(classId));
}
