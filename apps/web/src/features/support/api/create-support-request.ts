import type { CreateSupportRequestBody } from '@banksia/contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { supportRequestsQueryKey } from './get-support-requests';

/** Sends a message to support; `email` is needed only when signed out. */
export async function createSupportRequest(body: CreateSupportRequestBody): Promise<void> {
  unwrap(await postJson(urlFor('api:support-requests'), body));
}

export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportRequest,
    // A staff member writing to support would otherwise not see their message in the inbox.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportRequestsQueryKey }),
  });
}
