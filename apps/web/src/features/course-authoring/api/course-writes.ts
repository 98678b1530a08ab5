import type {
  AddTreeItemBody,
  AdminCourseDetail,
  ReorderChildrenBody,
  UpdateAttachmentBody,
  UpdateCourseBody,
  UpdateSectionBody,
} from '@banksia/contracts/authoring-courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { deleteJson, patchJson, postJson, putJson } from '../../../lib/request';
import { adminCourseQueryOptions } from './get-course';

/**
 * Every write of the course editor answers the course as it now stands (with its new version): PATCH
 * api:admin-course, PUT api:admin-course-tree, POST api:admin-course-sections / -lessons, PATCH api:admin-course-section
 * and api:admin-course-attachment.
 */
export type CourseWrite =
  | { kind: 'course'; body: UpdateCourseBody }
  | { kind: 'reorder'; body: ReorderChildrenBody }
  | { kind: 'add-section'; body: AddTreeItemBody }
  | { kind: 'add-lesson'; body: AddTreeItemBody }
  | { kind: 'section'; sectionId: number; body: UpdateSectionBody }
  | { kind: 'attachment'; attachmentId: number; body: UpdateAttachmentBody }
  | { kind: 'delete'; nodeId: number; version: number };

export async function writeCourse(courseId: number, write: CourseWrite): Promise<AdminCourseDetail> {
  switch (write.kind) {
    case 'course':
      return unwrap(await patchJson<AdminCourseDetail>(urlFor('api:admin-course', { courseId }), write.body));
    case 'reorder':
      return unwrap(await putJson<AdminCourseDetail>(urlFor('api:admin-course-tree', { courseId }), write.body));
    case 'add-section':
      return unwrap(await postJson<AdminCourseDetail>(urlFor('api:admin-course-sections', { courseId }), write.body));
    case 'add-lesson':
      return unwrap(await postJson<AdminCourseDetail>(urlFor('api:admin-course-lessons', { courseId }), write.body));
    case 'section':
      return unwrap(
        await patchJson<AdminCourseDetail>(
          urlFor('api:admin-course-section', { courseId, sectionId: write.sectionId }),
          write.body,
        ),
      );
    case 'delete':
      return unwrap(
        await deleteJson<AdminCourseDetail>(
          `${urlFor('api:admin-course-node', { courseId, nodeId: write.nodeId })}?version=${write.version}`,
        ),
      );
    case 'attachment':
      return unwrap(
        await patchJson<AdminCourseDetail>(
          urlFor('api:admin-course-attachment', { courseId, attachmentId: write.attachmentId }),
          write.body,
        ),
      );
  }
}

/** Sends one write and puts the answer in the course's query; the course list and staff home refresh. */
export function useCourseWrite(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: CourseWrite) => writeCourse(courseId, write),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminCourseQueryOptions(courseId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['authoring', 'courses'] });
      void queryClient.invalidateQueries({ queryKey: ['authoring', 'overview'] });
    },
  });
}
