import type { clientConfigResponse, ClientConfig } from '@banksia/contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** Public settings the app needs: the chat widget's script, if one is configured. */
export async function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return unwrap(await getJson<Answer<typeof clientConfigResponse>>(urlFor('api:client-config'), { signal }));
}

export function clientConfigQueryOptions() {
  // The settings change only with a deploy, so one fetch per visit is enough.
  return queryOptions({
    queryKey: ['support', 'config'],
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
  });
}

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
