import { clientConfigResponse, type ClientConfig } from '@banksia/contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson } from '../../../lib/request';

/** Public settings the app needs: the chat widget's script, if one is configured. */
export async function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return unwrap(
    await getJson(urlFor('api:client-config'), { signal, transform: (body) => clientConfigResponse.parse(body) }),
  );
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
