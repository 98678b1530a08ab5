import type { rosterApplyResponse } from '@banksia/contracts/rosters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

/** Approves a held dataset: its apply is queued (POST api:roster-approve). */
export async function approveDataset(id: number) {
  return unwrap(await postJson<Answer<typeof rosterApplyResponse>>(urlFor('api:roster-approve', { id }), {}));
}

export function useApproveDataset(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => approveDataset(id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: rosterKeys.all });
    },
  });
}
