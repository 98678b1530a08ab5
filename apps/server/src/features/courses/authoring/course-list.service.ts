import type { AdminCourses, AdminCoursesQuery, AdminOverview } from '@banksia/contracts/authoring-courses';
import type { AppDeps } from '../../../platform/deps';
import * as repo from './authoring.repository';

/** GET api:admin-overview: what needs attention, for the staff home. */
export async function adminOverview(deps: AppDeps): Promise<AdminOverview> {
  const [counts, queues] = await Promise.all([repo.attentionCounts(deps.db), deps.jobs.counts()]);
  return { ...counts, failed_jobs: queues.reduce((sum, q) => sum + q.deadLetters, 0) };
}

/** GET api:admin-courses: the course list with its filters' choices. */
export async function listCourses(deps: AppDeps, query: AdminCoursesQuery): Promise<AdminCourses> {
  const [rows, filters] = await Promise.all([
    repo.adminCourseList(deps.db, query),
    repo.courseYearsAndSubjects(deps.db),
  ]);
  return { courses: rows, ...filters };
}

/** GET api:admin-courses-check-slug: whether a slug is free, and which course holds it if not. */
export async function checkSlug(deps: AppDeps, slug: string) {
  const taken = await repo.courseWithSlug(deps.db, slug);
  return { available: !taken, course_title: taken?.title ?? null };
}
