import type { rosterStepResponse, RosterStep } from '@banksia/contracts/rosters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { putJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

export interface OverrideInput {
  recordId: number;
  action: 'match' | 'create' | 'leave';
  internal_id?: number | null;
}

/** A person's decision for one record of a step (PUT api:roster-decision); answers the step again. */
export async function overrideDecision(id: number, step: RosterStep, { recordId, ...body }: OverrideInput) {
  return unwrap(
    await putJson<Answer<typeof rosterStepResponse>>(urlFor('api:roster-decision', { id, step, recordId }), body, {}),
  );
}

export function useOverride(id: number, step: RosterStep) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OverrideInput) => overrideDecision(id, step, input),
    onSuccess: async (report) => {
      client.setQueryData(rosterKeys.step(id, step), report);
      await client.invalidateQueries({ queryKey: rosterKeys.dataset(id) });
    },
  });
}
