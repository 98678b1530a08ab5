import type { passwordTokenInfo, PasswordTokenInfo } from '@banksia/contracts/passwords';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RequestFailure } from '../../../components/request-failure';
import { stringField } from '../../../lib/json-body';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** A set-password link: what it is for, or why it does not work (400: never did; 410: used or expired). */
export type PasswordLink =
  { usable: true; info: PasswordTokenInfo } | { usable: false; reason: 'invalid' | 'gone'; detail: string };

const FALLBACK: Record<'invalid' | 'gone', string> = {
  invalid: 'This link is not valid. Check that you copied the whole link from the email.',
  gone: 'This link no longer works. Ask for a new one.',
};

/** Checks a link's token (GET api:password-token). Refusals are answers here, not failures. */
export async function getPasswordLink(token: string, signal?: AbortSignal): Promise<PasswordLink> {
  const result = await getJson<Answer<typeof passwordTokenInfo>>(urlFor('api:password-token', { token }), {
    signal,
  });
  if (result.ok) return { usable: true, info: result.body };
  if (result.status === 400 || result.status === 410) {
    const reason = result.status === 400 ? 'invalid' : 'gone';
    return { usable: false, reason, detail: stringField(result.body, 'detail') ?? FALLBACK[reason] };
  }
  throw new RequestFailure(result.failureReason, result.status, result.body);
}

export function passwordLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['accounts', 'password-link', token] as const,
    queryFn: ({ signal }) => getPasswordLink(token, signal),
    // A link's state changes only when it is used; never refetch it behind the person's back.
    staleTime: Infinity,
    retry: false,
  });
}

export function usePasswordLink(token: string) {
  return useQuery(passwordLinkQueryOptions(token));
}
