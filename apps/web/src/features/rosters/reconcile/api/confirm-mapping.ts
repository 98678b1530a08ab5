import type { rosterDatasetSchema } from '@banksia/contracts/rosters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

/** A person confirms how a header-mapped upload's columns were read (POST api:roster-confirm-mapping). */
export async function confirmMapping(id: number) {
  return unwrap(await postJson<Answer<typeof rosterDatasetSchema>>(urlFor('api:roster-confirm-mapping', { id }), {}));
}

export function useConfirmMapping(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => confirmMapping(id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: rosterKeys.all });
    },
  });
}
