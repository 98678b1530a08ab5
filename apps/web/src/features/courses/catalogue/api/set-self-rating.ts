import type { selfAssessmentResponse, SelfAssessmentBody, UserCourseProgress } from '@banksia/contracts/courses';
import {
  currentRating,
  selfRatingReducer,
  type SelfRatingEvent,
  type SelfRatingState,
} from '@banksia/contracts/rules/self-rating';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { userCourseProgressQueryKey } from './get-user-course-progress';
import { notify } from '../../../../lib/notify';

/** Saves the student's rating of a lesson (ajax:self-assessment); the lesson is the branch. */
export async function saveSelfAssessment(body: SelfAssessmentBody): Promise<SelfAssessmentBody> {
  return unwrap(await postJson<Answer<typeof selfAssessmentResponse>>(urlFor('ajax:self-assessment'), body, {}));
}

/** The ratings held in a progress answer, in the shape the self-rating rule works on. */
export function ratingsOf(progress: UserCourseProgress): SelfRatingState {
  const ratings: Record<number, number | null> = {};
  for (const lesson of Object.values(progress.lessons)) ratings[lesson.lesson_id] = lesson.self_rating;
  return { ratings };
}

/** The progress answer with the rule's ratings written back; a lesson not opened yet gets an entry. */
function withRatings(progress: UserCourseProgress, state: SelfRatingState): UserCourseProgress {
  let lessons = progress.lessons;
  for (const [key, rating] of Object.entries(state.ratings)) {
    const lessonId = Number(key);
    const entry = lessons[key];
    if (entry?.self_rating === rating) continue;
    lessons = {
      ...lessons,
      [key]: entry
        ? { ...entry, self_rating: rating }
        : {
            lesson_id: lessonId,
            self_rating: rating,
            visited_chunk_ids: [],
            watched_chunk_ids: [],
          },
    };
  }
  return lessons === progress.lessons ? progress : { ...progress, lessons };
}

interface Pending {
  /** The last rating the server holds for the lesson: what a failure puts back. */
  baseline: number | null;
  count: number;
}

/**
 * Rates a lesson (spec §4 "Lesson self-rating"): the student's course progress shows the new rating at once, and a
 * failure puts back the rating the server still holds and says so. With several saves in flight for one lesson, the
 * rating restored is the last one the server confirmed, never one that did not save.
 */
export function useSetSelfRating(classId: number, userId: number) {
  const queryClient = useQueryClient();
  const queryKey = userCourseProgressQueryKey(classId, userId);
  const pending = useRef(new Map<number, Pending>());

  const apply = (event: SelfRatingEvent) =>
    queryClient.setQueryData<UserCourseProgress>(queryKey, (progress) =>
      progress ? withRatings(progress, selfRatingReducer(ratingsOf(progress), event)) : progress,
    );

  const settle = (lessonId: number) => {
    const entry = pending.current.get(lessonId);
    if (entry && --entry.count <= 0) pending.current.delete(lessonId);
  };

  return useMutation({
    mutationFn: ({ lessonId, rating }: { lessonId: number; rating: number }) =>
      saveSelfAssessment({ branch_id: lessonId, rating }),
    onMutate: async ({ lessonId, rating }) => {
      // A progress answer arriving after the optimistic update would otherwise overwrite it with the old rating.
      await queryClient.cancelQueries({ queryKey });
      const progress = queryClient.getQueryData<UserCourseProgress>(queryKey);
      const shown = progress ? currentRating(ratingsOf(progress), lessonId) : null;
      const entry = pending.current.get(lessonId) ?? { baseline: shown, count: 0 };
      entry.count += 1;
      pending.current.set(lessonId, entry);
      apply({ type: 'request', lessonId, rating, currentRating: shown });
    },
    onSuccess: (saved, { lessonId }) => {
      const entry = pending.current.get(lessonId);
      if (entry) entry.baseline = saved.rating;
      // Only the latest save decides what shows; an earlier one confirming late must not undo a newer choice.
      if (saved.rating !== null && (!entry || entry.count === 1)) {
        apply({ type: 'success', lessonId, rating: saved.rating });
      }
      settle(lessonId);
    },
    onError: (_error, { lessonId }) => {
      const entry = pending.current.get(lessonId);
      apply({ type: 'failure', lessonId, currentRating: entry?.baseline ?? null });
      settle(lessonId);
      notify({
        color: 'red',
        title: 'Your rating was not saved',
        message: 'We put back your previous rating. Check your connection and try again.',
      });
    },
  });
}
