import type { authoringOptionsSchema, AuthoringOptions } from '@banksia/contracts/exam-authoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';
import { authoringQueryKey } from './query-keys';

export async function getAuthoringOptions(signal?: AbortSignal): Promise<AuthoringOptions> {
  return unwrap(
    await getJson<Answer<typeof authoringOptionsSchema>>(urlFor('api:admin-exam-options'), {
      signal,
    }),
  );
}

export function authoringOptionsQuery() {
  return queryOptions({
    queryKey: [...authoringQueryKey, 'options'],
    queryFn: ({ signal }) => getAuthoringOptions(signal),
  });
}

export function useAuthoringOptions() {
  return useQuery(authoringOptionsQuery());
}
