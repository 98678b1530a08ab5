import type { rosterApplyResponse } from '@banksia/contracts/rosters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

/** Applies a dataset, or holds it past a safety threshold (POST api:roster-apply). */
export async function applyDataset(id: number) {
  return unwrap(await postJson<Answer<typeof rosterApplyResponse>>(urlFor('api:roster-apply', { id }), {}));
}

export function useApplyDataset(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => applyDataset(id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: rosterKeys.all });
    },
  });
}
