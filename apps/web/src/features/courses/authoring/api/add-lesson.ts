import type { AddTreeItemBody, AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson } from '../../../../lib/request';

/** Adds an empty lesson, placed last (POST api:admin-course-lessons); answers the course. */
export async function addLesson(courseId: number, body: AddTreeItemBody): Promise<AdminCourseDetail> {
  return unwrap(await postJson<AdminCourseDetail>(urlFor('api:admin-course-lessons', { courseId }), body));
}
