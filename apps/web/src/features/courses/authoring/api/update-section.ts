import type { AdminCourseDetail, UpdateSectionBody } from '@banksia/contracts/authoring-courses';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { patchJson } from '../../../../lib/request';

/** Renames, publishes or unpublishes a topic (PATCH api:admin-course-section); answers the course. */
export async function updateSection(
  courseId: number,
  sectionId: number,
  body: UpdateSectionBody,
): Promise<AdminCourseDetail> {
  return unwrap(await patchJson<AdminCourseDetail>(urlFor('api:admin-course-section', { courseId, sectionId }), body));
}
