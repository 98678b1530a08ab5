import type { classmatesResponse } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

export type Classmates = ReturnType<typeof classmatesResponse.parse>;

/** The students of a class as its members may see them: profile id and display name (api:classmates). */
export async function getClassmates(classId: number, signal?: AbortSignal): Promise<Classmates> {
  return unwrap(
    await getJson<Answer<typeof classmatesResponse>>(urlFor('api:classmates', { classId }), {
      signal,
    }),
  );
}

export function classmatesQueryOptions(classId: number) {
  return queryOptions({
    queryKey: ['courses', 'classmates', classId],
    queryFn: ({ signal }) => getClassmates(classId, signal),
  });
}

export function useClassmates(classId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...classmatesQueryOptions(classId), enabled });
}
