import type { rosterApplyResponse } from '@banksia/contracts/rosters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

/** Retries a failed apply (POST api:roster-retry). */
export async function retryApply(id: number) {
  return unwrap(await postJson<Answer<typeof rosterApplyResponse>>(urlFor('api:roster-retry', { id }), {}));
}

export function useRetryApply(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => retryApply(id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: rosterKeys.all });
    },
  });
}
