import type { supportRequestListResponse, SupportRequest } from '@banksia/contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** Every support request, open ones first, each group newest first (content staff only). */
export async function getSupportRequests(signal?: AbortSignal): Promise<SupportRequest[]> {
  const list = unwrap(
    await getJson<Answer<typeof supportRequestListResponse>>(urlFor('api:support-requests'), {
      signal,
    }),
  );
  return list.results;
}

export const supportRequestsQueryKey = ['support', 'requests'] as const;

export function supportRequestsQueryOptions() {
  return queryOptions({ queryKey: supportRequestsQueryKey, queryFn: ({ signal }) => getSupportRequests(signal) });
}

export function useSupportRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...supportRequestsQueryOptions(), enabled });
}
