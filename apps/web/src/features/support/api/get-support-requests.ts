import { supportRequestListResponse, type SupportRequest } from '@banksia/contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson } from '../../../lib/request';

/** Every support request, open ones first, each group newest first (content staff only). */
export async function getSupportRequests(signal?: AbortSignal): Promise<SupportRequest[]> {
  const list = unwrap(
    await getJson(urlFor('api:support-requests'), {
      signal,
      transform: (body) => supportRequestListResponse.parse(body),
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
