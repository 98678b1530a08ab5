import type { outboxMessageDetail, OutboxMessageDetail } from '@banksia/contracts/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** One outbox message with its HTML and text (GET api:admin-outbox-message; content staff). */
export async function getOutboxMessage(messageId: number, signal?: AbortSignal): Promise<OutboxMessageDetail> {
  return unwrap(
    await getJson<Answer<typeof outboxMessageDetail>>(urlFor('api:admin-outbox-message', { messageId }), {
      signal,
    }),
  );
}

export function outboxMessageQueryOptions(messageId: number) {
  return queryOptions({
    queryKey: ['outbox', 'message', messageId] as const,
    queryFn: ({ signal }) => getOutboxMessage(messageId, signal),
  });
}

export function useOutboxMessage(messageId: number) {
  return useQuery(outboxMessageQueryOptions(messageId));
}
