import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { deleteJson } from '../../../../lib/request';

/** Deletes a topic, lesson or attachment for good (DELETE api:admin-course-node); answers the course. */
export async function deleteCourseNode(courseId: number, nodeId: number, version: number): Promise<AdminCourseDetail> {
  return unwrap(
    await deleteJson<AdminCourseDetail>(`${urlFor('api:admin-course-node', { courseId, nodeId })}?version=${version}`),
  );
}
