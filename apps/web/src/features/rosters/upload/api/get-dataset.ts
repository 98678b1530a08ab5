import type { rosterDatasetSchema } from '@banksia/contracts/rosters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

/** One roster dataset (GET api:roster-dataset), with what its apply is doing. */
export async function getDataset(id: number, signal?: AbortSignal) {
  return unwrap(await getJson<Answer<typeof rosterDatasetSchema>>(urlFor('api:roster-dataset', { id }), { signal }));
}

export function datasetQueryOptions(id: number) {
  return queryOptions({
    queryKey: rosterKeys.dataset(id),
    queryFn: ({ signal }) => getDataset(id, signal),
    // While the apply job runs, look again each second until it has finished.
    refetchInterval: (query) => (query.state.data?.status === 'applying' ? 1000 : false),
  });
}

export function useDataset(id: number) {
  return useQuery(datasetQueryOptions(id));
}
