import type { classManagementResponse, ClassManagementSchool } from '@banksia/contracts/classes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** The schools where the user may manage classes, with their teachers (api:class-management). */
export async function getClassManagement(signal?: AbortSignal): Promise<ClassManagementSchool[]> {
  return unwrap(await getJson<Answer<typeof classManagementResponse>>(urlFor('api:class-management'), { signal }))
    .schools;
}

export function classManagementQueryOptions() {
  return queryOptions({ queryKey: ['classes', 'management'], queryFn: ({ signal }) => getClassManagement(signal) });
}

export function useClassManagement() {
  return useQuery(classManagementQueryOptions());
}
