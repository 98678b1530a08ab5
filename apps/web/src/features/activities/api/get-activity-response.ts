import type { versionedResponseSchema, VersionedResponse } from '@banksia/contracts/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** Whose response to which activity, in which class; no profileId means the signed-in student's own. */
export interface ActivityResponseParams {
  activityId: number;
  classId: number;
  profileId?: number;
}

/**
 * A student's response to an activity in a class (api:activity-response), created empty (version 0) on the
 * student's first visit. Teachers of the class pass the student's profileId.
 */
export async function getActivityResponse(
  { activityId, classId, profileId }: ActivityResponseParams,
  signal?: AbortSignal,
): Promise<VersionedResponse> {
  const url = urlFor('api:activity-response', { activityId, classId });
  return unwrap(
    await getJson<Answer<typeof versionedResponseSchema>>(
      profileId === undefined ? url : `${url}?profile_id=${profileId}`,
      {
        signal,
      },
    ),
  );
}

export function activityResponseQueryKey({ activityId, classId, profileId }: ActivityResponseParams) {
  return ['activities', 'response', activityId, classId, profileId ?? 'mine'] as const;
}

export function activityResponseQueryOptions(params: ActivityResponseParams) {
  return queryOptions({
    queryKey: activityResponseQueryKey(params),
    queryFn: ({ signal }) => getActivityResponse(params, signal),
    // The student edits from the server's latest version; an older cached copy would only end in a conflict.
    staleTime: 0,
  });
}

export function useActivityResponse(
  params: ActivityResponseParams,
  { refetchInterval }: { refetchInterval?: number } = {},
) {
  return useQuery({ ...activityResponseQueryOptions(params), refetchInterval });
}
