import type { AdminCourseDetail, ReorderChildrenBody } from '@banksia/contracts/authoring-courses';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { putJson } from '../../../../lib/request';

/** Orders a place's children, moving in any listed item (PUT api:admin-course-tree); answers the course. */
export async function reorderCourseTree(courseId: number, body: ReorderChildrenBody): Promise<AdminCourseDetail> {
  return unwrap(await putJson<AdminCourseDetail>(urlFor('api:admin-course-tree', { courseId }), body));
}
