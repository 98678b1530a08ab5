import {
  type activityDetailSchema,
  activityImageResponseSchema,
  type activityListResponse,
  type activityResponsesSummarySchema,
  type ActivityDetail,
  type ActivityImageResponse,
  type ActivityListResponse,
  type ActivityResponsesSummary,
  type CreateActivityBody,
  type UpdateActivityBody,
} from '@banksia/contracts/activities';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { deleteJson, getJson, patchJson, postJson, type RequestResult, type Answer } from '../../../lib/request';
import { activityQueryOptions } from './get-activity';
import { uploadFileTo, type UploadOptions } from './upload-block-file';

// Content staff's activity authoring calls (api:activities and the routes under an activity).

export const activityListKey = ['activities', 'list'] as const;

export async function getActivities(q: string, signal?: AbortSignal): Promise<ActivityListResponse> {
  const query = q ? `?${new URLSearchParams({ q })}` : '';
  return unwrap(
    await getJson<Answer<typeof activityListResponse>>(`${urlFor('api:activities')}${query}`, {
      signal,
    }),
  );
}

/** Activities matching `q`, with where each is used; the previous results stay while a new search loads. */
export function useActivities(q: string) {
  return useQuery({
    queryKey: [...activityListKey, q],
    queryFn: ({ signal }) => getActivities(q, signal),
    placeholderData: keepPreviousData,
  });
}

export async function createActivity(body: CreateActivityBody): Promise<ActivityDetail> {
  return unwrap(await postJson<Answer<typeof activityDetailSchema>>(urlFor('api:activities'), body));
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivity,
    onSuccess: (created) => {
      queryClient.setQueryData(activityQueryOptions(created.id).queryKey, created);
      void queryClient.invalidateQueries({ queryKey: activityListKey });
    },
  });
}

/** Sends a change made on `body.version`; a 409 means someone else saved first. Never rejects. */
export function updateActivity(
  activityId: number,
  body: UpdateActivityBody,
  opts: { keepalive?: boolean } = {},
): Promise<RequestResult<ActivityDetail>> {
  return patchJson<Answer<typeof activityDetailSchema>>(urlFor('api:activity', { activityId }), body, {
    keepalive: opts.keepalive ?? false,
  });
}

export function responsesSummaryQueryOptions(activityId: number) {
  return queryOptions({
    queryKey: ['activities', 'responses-summary', activityId],
    queryFn: async ({ signal }): Promise<ActivityResponsesSummary> =>
      unwrap(
        await getJson<Answer<typeof activityResponsesSummarySchema>>(urlFor('api:activity-responses', { activityId }), {
          signal,
        }),
      ),
  });
}

/** How many responses, from how many students, clearing would remove (fetched when `enabled`, i.e. asked). */
export function useResponsesSummary(activityId: number, enabled: boolean) {
  return useQuery({ ...responsesSummaryQueryOptions(activityId), enabled, staleTime: 0 });
}

export function useClearResponses(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      unwrap(await deleteJson(urlFor('api:activity-responses', { activityId })));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: responsesSummaryQueryOptions(activityId).queryKey });
      void queryClient.invalidateQueries({ queryKey: activityListKey });
    },
  });
}

/** Uploads an image for an image or drag-and-drop image block; resolves its public url. */
export function uploadActivityImage(file: File, options?: UploadOptions): Promise<ActivityImageResponse> {
  return uploadFileTo(
    urlFor('api:activity-images'),
    file,
    (body) => activityImageResponseSchema.safeParse(body),
    options,
  );
}
