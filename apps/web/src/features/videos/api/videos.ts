import type {
  captionCoursesResponse,
  captionOrderResponse,
  captionReviewCoursesResponse,
  captionReviewQueueResponse,
  captionTrackResponse,
  courseCaptionsResponse,
  videoResponse,
  videosResponse,
  CaptionReviewBody,
  SaveCaptionsBody,
} from '@banksia/contracts/videos';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { deleteJson, getJson, patchJson, postJson, putJson, type Answer } from '../../../lib/request';

/** The video library and captions API (content staff). Every write refreshes everything under ['videos']. */

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

export function captionCoursesQueryOptions() {
  return queryOptions({
    queryKey: ['videos', 'caption-courses'],
    queryFn: async ({ signal }) =>
      unwrap(await getJson<Answer<typeof captionCoursesResponse>>(urlFor('api:admin-captions'), { signal })),
  });
}
export const useCaptionCourses = () => useQuery(captionCoursesQueryOptions());

export function courseCaptionsQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['videos', 'course-captions', courseId],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof courseCaptionsResponse>>(urlFor('api:admin-course-captions', { courseId }), {
          signal,
        }),
      ),
  });
}
export const useCourseCaptions = (courseId: number) => useQuery(courseCaptionsQueryOptions(courseId));

export function reviewCoursesQueryOptions() {
  return queryOptions({
    queryKey: ['videos', 'review-courses'],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof captionReviewCoursesResponse>>(urlFor('api:admin-caption-review-courses'), {
          signal,
        }),
      ),
  });
}
export const useReviewCourses = () => useQuery(reviewCoursesQueryOptions());

export function reviewQueueQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['videos', 'review-queue', courseId],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof captionReviewQueueResponse>>(
          urlFor('api:admin-caption-review-course', { courseId }),
          {
            signal,
          },
        ),
      ),
  });
}
export const useReviewQueue = (courseId: number) => useQuery(reviewQueueQueryOptions(courseId));

/** A mutation that refreshes the library's queries (and the staff home's counts) when it succeeds. */
function useVideoWrite<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['videos'] });
      await queryClient.invalidateQueries({ queryKey: ['authoring', 'overview'] });
    },
  });
}

type TrackAnswer = Answer<typeof captionTrackResponse>;

export const useRenameVideo = () =>
  useVideoWrite(async ({ videoId, title }: { videoId: number; title: string }) =>
    unwrap(await patchJson<Answer<typeof videoResponse>>(urlFor('api:admin-video', { videoId }), { title })),
  );

export const useDeleteVideo = () =>
  useVideoWrite(async (videoId: number) => unwrap(await deleteJson(urlFor('api:admin-video', { videoId }))));

export const useSaveCaptions = () =>
  useVideoWrite(
    async ({
      videoId,
      body,
    }: {
      videoId: number;
      body: Partial<SaveCaptionsBody> & Pick<SaveCaptionsBody, 'format' | 'text'>;
    }) => unwrap(await putJson<TrackAnswer>(urlFor('api:admin-video-captions', { videoId }), body)),
  );

export const useSubmitCaptions = () =>
  useVideoWrite(async ({ trackId, version }: { trackId: number; version: number }) =>
    unwrap(await postJson<TrackAnswer>(urlFor('api:admin-caption-submit', { trackId }), { version })),
  );

export const useReviewCaptions = () =>
  useVideoWrite(async ({ trackId, body }: { trackId: number; body: CaptionReviewBody }) =>
    unwrap(await postJson<TrackAnswer>(urlFor('api:admin-caption-review', { trackId }), body)),
  );

export const useOrderCaptions = () =>
  useVideoWrite(async ({ courseId, videoIds, note }: { courseId: number; videoIds: number[]; note: string }) =>
    unwrap(
      await postJson<Answer<typeof captionOrderResponse>>(urlFor('api:admin-caption-orders', { courseId }), {
        video_ids: videoIds,
        note,
      }),
    ),
  );
