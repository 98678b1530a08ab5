import type { rosterStepResponse, RosterStep } from '@banksia/contracts/rosters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

/** One step of a dataset (GET api:roster-step): per record, what applying does and how it matched. */
export async function getStep(id: number, step: RosterStep, signal?: AbortSignal) {
  return unwrap(
    await getJson<Answer<typeof rosterStepResponse>>(urlFor('api:roster-step', { id, step }), {
      signal,
    }),
  );
}

export function stepQueryOptions(id: number, step: RosterStep) {
  return queryOptions({ queryKey: rosterKeys.step(id, step), queryFn: ({ signal }) => getStep(id, step, signal) });
}

export function useStep(id: number, step: RosterStep) {
  return useQuery(stepQueryOptions(id, step));
}
