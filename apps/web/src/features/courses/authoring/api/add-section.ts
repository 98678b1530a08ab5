import type { AddTreeItemBody, AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson } from '../../../../lib/request';

/** Adds a topic or sub-topic, placed last (POST api:admin-course-sections); answers the course. */
export async function addSection(courseId: number, body: AddTreeItemBody): Promise<AdminCourseDetail> {
  return unwrap(await postJson<AdminCourseDetail>(urlFor('api:admin-course-sections', { courseId }), body));
}
