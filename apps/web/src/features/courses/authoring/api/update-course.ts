import type { AdminCourseDetail, UpdateCourseBody } from '@banksia/contracts/authoring-courses';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { patchJson } from '../../../../lib/request';

/** Saves a course's details, publishing or feature sets (PATCH api:admin-course); answers the course as it now is. */
export async function updateCourse(courseId: number, body: UpdateCourseBody): Promise<AdminCourseDetail> {
  return unwrap(await patchJson<AdminCourseDetail>(urlFor('api:admin-course', { courseId }), body));
}
