import type { adminLessonResponse, AdminLesson, UpdateLessonBody } from '@banksia/contracts/authoring-courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { patchJson, type Answer } from '../../../../lib/request';
import { adminLessonQueryOptions } from './get-lesson';

/** Saves a lesson's fields (PATCH api:admin-lesson); the answer is the lesson with its new version. */
export async function updateLesson(lessonId: number, body: UpdateLessonBody): Promise<AdminLesson> {
  return unwrap(
    await patchJson<Answer<typeof adminLessonResponse>>(urlFor('api:admin-lesson', { lessonId }), body, {}),
  );
}

export function useUpdateLesson(lessonId: number, courseId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLessonBody) => updateLesson(lessonId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminLessonQueryOptions(lessonId).queryKey, answer);
      // The course tree shows the lesson's title and flags.
      if (courseId !== undefined) void queryClient.invalidateQueries({ queryKey: ['authoring', 'course', courseId] });
      void queryClient.invalidateQueries({ queryKey: ['authoring', 'overview'] });
    },
  });
}

/** Changes one flag or field of any lesson of a course from its tree; the tree then reloads. */
export function useUpdateTreeLesson(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, body }: { lessonId: number; body: UpdateLessonBody }) => updateLesson(lessonId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminLessonQueryOptions(answer.lesson.id).queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: ['authoring', 'course', courseId] });
    },
  });
}
