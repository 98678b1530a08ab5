import type { videosResponse } from '@banksia/contracts/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

export function videosQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['videos', 'list', q],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof videosResponse>>(
          `${urlFor('api:admin-videos')}${q ? `?q=${encodeURIComponent(q)}` : ''}`,
          {
            signal,
          },
        ),
      ),
  });
}

export const useVideos = (q: string) => useQuery(videosQueryOptions(q));
