import type { SsoDiscoverResponse } from '@banksia/contracts/sso';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson } from '../../../lib/request';

/** How an address signs in (GET api:sso-discover): its school's identity provider, or the password box. */
export async function discoverSso(email: string, signal?: AbortSignal): Promise<SsoDiscoverResponse> {
  const url = `${urlFor('api:sso-discover')}?${new URLSearchParams({ email })}`;
  return unwrap(await getJson<SsoDiscoverResponse>(url, { signal }));
}

/** A whole address: something@domain.tld. Partial typing is not asked about. */
const looksComplete = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email);

export function discoverSsoQueryOptions(email: string) {
  const address = email.trim().toLowerCase();
  return queryOptions({
    queryKey: ['sso', 'discover', address],
    queryFn: ({ signal }) => discoverSso(address, signal),
    enabled: looksComplete(address),
    staleTime: 5 * 60_000,
  });
}

export function useDiscoverSso(email: string) {
  return useQuery(discoverSsoQueryOptions(email));
}
