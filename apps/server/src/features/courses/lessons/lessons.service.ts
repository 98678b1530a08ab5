import type { DemoLesson } from '@banksia/contracts/courses';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { storageFor } from '../../../platform/storage';
import { chunksOfLesson, findLessonWithCourse } from '../courses.repository';
import { isOpenDemoLesson } from './lessons.policy';
import { presentDemoLesson } from './lessons.presenter';
import * as repo from './lessons.repository';

/**
 * GET demo/lessons/{lessonId}: a demo lesson for anyone, signed in or not; 404 unless it is an open demo
 * (spec §2 "Demo (no class)"). Its non-premium attachments come with it. Nothing is recorded.
 */
export async function demoLesson(deps: AppDeps, lessonId: number): Promise<DemoLesson> {
  const notFound = new AppError('not_found', 'No such lesson.');
  const found = await findLessonWithCourse(deps.db, lessonId);
  if (!found) throw notFound;
  const { lesson, course } = found;
  const chunks = await chunksOfLesson(deps.db, lesson.id);
  if (!isOpenDemoLesson(lesson, chunks.length, course)) throw notFound;
  const [captions, questionSet, attachments, lessonActivities] = await Promise.all([
    repo.captionsOfVideos(
      deps.db,
      chunks.map((c) => c.video.id),
    ),
    lesson.questionSetId === null ? null : repo.findExam(deps.db, lesson.questionSetId),
    repo.attachmentsUnderLesson(deps.db, course.id, lesson.id),
    repo.activitiesOfLesson(deps.db, lesson.id),
  ]);
  return presentDemoLesson(
    { course, lesson, chunks, captions, questionSet, attachments, activities: lessonActivities },
    storageFor(deps.config),
  );
}
