import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { supportRequestsQueryOptions } from './get-support-requests';

/** Marks a support request as dealt with. */
export async function resolveSupportRequest(requestId: number): Promise<void> {
  unwrap(await postJson(urlFor('api:support-request-resolve', { requestId }), {}));
}

export function useResolveSupportRequest() {
  const queryClient = useQueryClient();
  const { queryKey } = supportRequestsQueryOptions();
  return useMutation({
    mutationFn: resolveSupportRequest,
    onSuccess: (_answer, requestId) => {
      // Shown as resolved at once; the refetch brings the server's own timestamp.
      const resolvedAt = new Date().toISOString();
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((r) => (r.id === requestId && !r.resolved_at ? { ...r, resolved_at: resolvedAt } : r)),
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
