import type { adminOverviewResponse, AdminOverview } from '@banksia/contracts/authoring-courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

/** What needs attention, for the staff home (GET api:admin-overview; content staff). */
export async function getAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return unwrap(await getJson<Answer<typeof adminOverviewResponse>>(urlFor('api:admin-overview'), { signal }));
}

export function adminOverviewQueryOptions() {
  return queryOptions({ queryKey: ['authoring', 'overview'], queryFn: ({ signal }) => getAdminOverview(signal) });
}

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
