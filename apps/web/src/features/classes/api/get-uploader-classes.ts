import type { uploaderClassesResponse, UploaderClass } from '@banksia/contracts/classes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** The classes the user may upload a class list to (api:class-list-classes). */
export async function getUploaderClasses(signal?: AbortSignal): Promise<UploaderClass[]> {
  return unwrap(
    await getJson<Answer<typeof uploaderClassesResponse>>(urlFor('api:class-list-classes'), {
      signal,
    }),
  );
}

export function useUploaderClasses() {
  return useQuery(
    queryOptions({ queryKey: ['classes', 'uploader'], queryFn: ({ signal }) => getUploaderClasses(signal) }),
  );
}
