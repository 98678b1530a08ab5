import type { AdminLesson, UpdateLessonBody } from '@banksia/contracts/authoring-courses';
import { audit } from '../../../platform/audit';
import { sideBySide, type Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { findLessonWithCourse } from '../courses.repository';
import { presentLessonState, presentVideoOption, type LessonState } from './authoring.presenter';
import * as repo from './authoring.repository';

/**
 * The lesson editor (content staff): title, chunks (parts, each playing one video), question set, success measure
 * and publishing. A save names the lesson version it was made on (409 when stale) and runs in one transaction.
 */

export const STALE_LESSON = 'Someone else changed this lesson since you opened it. Reload to see their changes.';

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', undefined, { errors: { [field]: [message] } });
}

async function lessonState(db: Executor, lessonId: number): Promise<LessonState> {
  const found = await findLessonWithCourse(db, lessonId);
  if (!found) throw new AppError('not_found', 'No such lesson.');
  const chunkRows = await repo.chunkRowsOfLesson(db, lessonId);
  return { ...found, chunks: chunkRows };
}

/** GET api:admin-lesson: the lesson, the videos a chunk may play and the course's question sets. */
export async function adminLesson(deps: AppDeps, lessonId: number, db: Executor = deps.db): Promise<AdminLesson> {
  const state = await lessonState(db, lessonId);
  const [videoRows, questionSets, previewClassId] = await sideBySide(db, [
    () => repo.videoOptions(db),
    () => repo.questionSetOptions(db, state.course.id),
    () => repo.previewClassOf(db, state.course.id),
  ]);
  return {
    lesson: presentLessonState(state),
    videos: videoRows.map(presentVideoOption),
    question_sets: questionSets,
    preview_class_id: previewClassId,
  };
}

/** PATCH api:admin-lesson: any of its fields; chunks, when sent, replace the list (kept ones keep their ids). */
export async function updateLesson(
  deps: AppDeps,
  actor: Actor,
  lessonId: number,
  body: UpdateLessonBody,
  ip: string,
): Promise<AdminLesson> {
  return deps.db.transaction(async (tx) => {
    const before = await lessonState(tx, lessonId);
    const courseId = before.course.id;
    if (body.chunks) {
      const known = new Set(before.chunks.map((c) => c.id));
      for (const [i, c] of body.chunks.entries()) {
        if (c.id !== null && !known.has(c.id)) throw invalid(`chunks.${i}.id`, 'This part is not in this lesson.');
      }
      const videos = await repo.existingVideoIds(tx, [...new Set(body.chunks.map((c) => c.video_id))]);
      for (const [i, c] of body.chunks.entries()) {
        if (!videos.has(c.video_id)) throw invalid(`chunks.${i}.video_id`, 'No such video.');
      }
    }
    if (
      body.question_set_id !== undefined &&
      body.question_set_id !== null &&
      !(await repo.examOfCourse(tx, courseId, body.question_set_id))
    ) {
      throw invalid('question_set_id', "Choose one of this course's question sets.");
    }
    const chunkCount = body.chunks ? body.chunks.length : before.chunks.length;
    const willBePublished = body.is_published ?? before.lesson.isPublished;
    if (willBePublished && chunkCount === 0) {
      throw invalid(body.chunks ? 'chunks' : 'is_published', 'Add at least one part with a video before publishing.');
    }
    const claimed = await repo.claimLessonVersion(tx, lessonId, body.version, {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.is_published !== undefined && { isPublished: body.is_published }),
      ...(body.is_coming_soon !== undefined && { isComingSoon: body.is_coming_soon }),
      ...(body.is_premium !== undefined && { isPremium: body.is_premium }),
      ...(body.has_success_measure !== undefined && { hasSuccessMeasure: body.has_success_measure }),
      ...(body.question_set_id !== undefined && { questionSetId: body.question_set_id }),
    });
    if (!claimed) throw new AppError('conflict', STALE_LESSON);
    if (body.chunks) await repo.replaceChunks(tx, lessonId, body.chunks);
    const after = await lessonState(tx, lessonId);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'update_lesson',
      entityType: 'lesson',
      entityId: lessonId,
      before: presentLessonState(before),
      after: presentLessonState(after),
      ip,
    });
    return adminLesson(deps, lessonId, tx);
  });
}
