import type { rosterSourcesResponse } from '@banksia/contracts/rosters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

/** The roster sources this server reads (GET api:roster-sources), with the template's address. */
export async function getRosterSources(signal?: AbortSignal) {
  return unwrap(await getJson<Answer<typeof rosterSourcesResponse>>(urlFor('api:roster-sources'), { signal }));
}

export function rosterSourcesQueryOptions() {
  return queryOptions({
    queryKey: rosterKeys.sources(),
    queryFn: ({ signal }) => getRosterSources(signal),
    staleTime: 10 * 60_000,
  });
}

export function useRosterSources() {
  return useQuery(rosterSourcesQueryOptions());
}
