import type { notesSchema, Notes } from '@banksia/contracts/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** Whose notes on which lesson, in which class: the route's params. */
export interface LessonNotesParams {
  classId: number;
  lessonId: number;
  profileId: number;
}

/** A student's notes on a lesson (api:lesson-notes); empty html and version 0 before the first save. */
export async function getLessonNotes(params: LessonNotesParams, signal?: AbortSignal): Promise<Notes> {
  return unwrap(await getJson<Answer<typeof notesSchema>>(urlFor('api:lesson-notes', { ...params }), { signal }));
}

export function lessonNotesQueryKey({ classId, lessonId, profileId }: LessonNotesParams) {
  return ['notes', 'lesson', classId, lessonId, profileId] as const;
}

export function lessonNotesQueryOptions(params: LessonNotesParams) {
  return queryOptions({
    queryKey: lessonNotesQueryKey(params),
    queryFn: ({ signal }) => getLessonNotes(params, signal),
    // Always refreshed when a page opens: the owner edits from the server's latest version, readers see it.
    staleTime: 0,
  });
}

export function useLessonNotes(params: LessonNotesParams) {
  return useQuery(lessonNotesQueryOptions(params));
}
