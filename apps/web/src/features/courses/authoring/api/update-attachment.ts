import type { AdminCourseDetail, UpdateAttachmentBody } from '@banksia/contracts/authoring-courses';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { patchJson } from '../../../../lib/request';

/** Changes an attachment's title or flags (PATCH api:admin-course-attachment); answers the course. */
export async function updateAttachment(
  courseId: number,
  attachmentId: number,
  body: UpdateAttachmentBody,
): Promise<AdminCourseDetail> {
  return unwrap(
    await patchJson<AdminCourseDetail>(urlFor('api:admin-course-attachment', { courseId, attachmentId }), body),
  );
}
