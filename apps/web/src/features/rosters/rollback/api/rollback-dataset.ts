import type { rosterRollbackResponse } from '@banksia/contracts/rosters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

/** Rolls back an applied dataset (POST api:roster-rollback). */
export async function rollbackDataset(id: number) {
  return unwrap(await postJson<Answer<typeof rosterRollbackResponse>>(urlFor('api:roster-rollback', { id }), {}));
}

export function useRollbackDataset(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rollbackDataset(id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: rosterKeys.all });
    },
  });
}
