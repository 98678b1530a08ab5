import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import type { Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { storageFor } from '../../../platform/storage';
import { findCourse, type CourseRow } from '../courses.repository';
import { presentCourseDetail } from './authoring.presenter';
import * as repo from './authoring.repository';

/**
 * What every course write shares: it names the course version it was made on (a stale one is a 409 that changes
 * nothing) and answers the editor's view of the course as it now is.
 *
 * Students' pages read the course from the database on every request (there is no server-side course cache), so a
 * change shows on their next page load.
 */

export const STALE_COURSE = 'Someone else changed this course since you opened it. Reload to see their changes.';

/** The editor's view of a course: details, tree and attachments. */
export async function courseDetail(
  deps: AppDeps,
  courseId: number,
  db: Executor = deps.db,
): Promise<AdminCourseDetail> {
  const course = await findCourse(db, courseId);
  if (!course) throw new AppError('not_found', 'No such course.');
  // A course made before authoring (or by a script) may have no root node yet: the editor needs one to add to.
  await repo.ensureRootNode(db, courseId);
  const [rows, attachmentRows] = await Promise.all([
    repo.authoringTreeRows(db, courseId),
    repo.attachmentsOfCourse(db, courseId),
  ]);
  return presentCourseDetail(course, rows, attachmentRows, storageFor(deps.config));
}

/** The course at `version` with its version taken, inside `tx`; 404 when missing, 409 when saved since. */
export async function claimCourse(
  tx: Executor,
  courseId: number,
  version: number,
  changes: Parameters<typeof repo.claimCourseVersion>[3] = {},
): Promise<{ before: CourseRow; after: CourseRow }> {
  const before = await findCourse(tx, courseId);
  if (!before) throw new AppError('not_found', 'No such course.');
  const after = await repo.claimCourseVersion(tx, courseId, version, changes);
  if (!after) throw new AppError('conflict', STALE_COURSE);
  return { before, after };
}
