import type { userCourseProgressResponse, UserCourseProgress } from '@banksia/contracts/courses';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { CLASS_DOMAIN_RETRY, getJson, type Answer } from '../../../../lib/request';

/** One student's progress through a class's course (api:user-progress-course). */
export async function getUserCourseProgress(
  classId: number,
  userId: number,
  signal?: AbortSignal,
): Promise<UserCourseProgress> {
  return unwrap(
    await getJson<Answer<typeof userCourseProgressResponse>>(urlFor('api:user-progress-course', { classId, userId }), {
      signal,
      retry: CLASS_DOMAIN_RETRY,
    }),
  );
}

export function userCourseProgressQueryKey(classId: number, userId: number) {
  return ['courses', 'user-progress', classId, userId] as const;
}

export function userCourseProgressQueryOptions(classId: number, userId: number) {
  return queryOptions({
    queryKey: userCourseProgressQueryKey(classId, userId),
    queryFn: ({ signal }) => getUserCourseProgress(classId, userId, signal),
  });
}

export function useUserCourseProgress(classId: number, userId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userCourseProgressQueryOptions(classId, userId), enabled });
}

/** The progress with one more chunk of a lesson opened; unchanged when it was opened already. */
export function withVisitedChunk(progress: UserCourseProgress, lessonId: number, chunkId: number): UserCourseProgress {
  const key = String(lessonId);
  const entry = progress.lessons[key] ?? {
    lesson_id: lessonId,
    self_rating: null,
    visited_chunk_ids: [],
    watched_chunk_ids: [],
  };
  if (entry.visited_chunk_ids.includes(chunkId)) return progress;
  return {
    ...progress,
    lessons: { ...progress.lessons, [key]: { ...entry, visited_chunk_ids: [...entry.visited_chunk_ids, chunkId] } },
  };
}

/**
 * Keeps the cached progress in step with the player: a recorded visit ticks the chunk at once (no refetch); a video
 * newly counted as watched changes the course's watch totals too, so the progress is read again.
 */
export function useChunkProgressUpdates(classId: number, userId: number, lessonId: number) {
  const queryClient = useQueryClient();
  const onVisitRecorded = useCallback(
    (chunkId: number) =>
      queryClient.setQueryData<UserCourseProgress>(userCourseProgressQueryKey(classId, userId), (progress) =>
        progress ? withVisitedChunk(progress, lessonId, chunkId) : progress,
      ),
    [queryClient, classId, userId, lessonId],
  );
  const onWatched = useCallback(
    (chunkId: number) => {
      const queryKey = userCourseProgressQueryKey(classId, userId);
      const progress = queryClient.getQueryData<UserCourseProgress>(queryKey);
      // Every report after the threshold says "watched" again; only the first one changes anything.
      if (progress?.lessons[String(lessonId)]?.watched_chunk_ids.includes(chunkId)) return;
      void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient, classId, userId, lessonId],
  );
  return { onVisitRecorded, onWatched };
}
