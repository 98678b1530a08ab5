import type { branchForSelectResponse, branchTypes } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

export type BranchType = (typeof branchTypes)[number];
export type BranchOption = ReturnType<typeof branchForSelectResponse.parse>[number];

/** Subjects, courses, topics (areas of study) or lessons to choose from, optionally within one course (api:branch-for-select). */
export async function getBranchOptions(
  type: BranchType,
  courseId: number | null,
  signal?: AbortSignal,
): Promise<BranchOption[]> {
  const query = new URLSearchParams({ type });
  if (courseId !== null) query.set('course', String(courseId));
  return unwrap(
    await getJson<Answer<typeof branchForSelectResponse>>(`${urlFor('api:branch-for-select')}?${query}`, {
      signal,
    }),
  );
}

export function branchOptionsQueryOptions(type: BranchType, courseId: number | null = null) {
  return queryOptions({
    queryKey: ['courses', 'branch-options', type, courseId],
    queryFn: ({ signal }) => getBranchOptions(type, courseId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useBranchOptions(type: BranchType, courseId: number | null = null) {
  return useQuery(branchOptionsQueryOptions(type, courseId));
}
