import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCourseQueryOptions } from '../api/get-course';

/**
 * A write of the course editor: one of the api/ calls (update-course, reorder-course-tree, add-section, add-lesson,
 * update-section, update-attachment, delete-course-node), each answering the course as it now stands (with its new
 * version). The editor runs them all through one mutation so one save indicator and one conflict alert cover them.
 */
export type CourseWrite = () => Promise<AdminCourseDetail>;

/** Sends one write and puts the answer in the course's query; the course list and staff home refresh. */
export function useCourseWrite(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: CourseWrite) => write(),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminCourseQueryOptions(courseId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['authoring', 'courses'] });
      void queryClient.invalidateQueries({ queryKey: ['authoring', 'overview'] });
    },
  });
}
