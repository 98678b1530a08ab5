import type { AdminLesson, UpdateLessonBody } from '@banksia/contracts/authoring-courses';
import { audit } from '../../platform/audit';
import { sideBySide, type Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import * as repo from './course-authoring.repository';
import { findLessonWithCourse } from './courses.repository';

/**
 * Lesson authoring by content staff: title, chunks (parts, each playing one video), question set, success measure
 * and publishing. A save names the lesson version it was made on (409 when stale) and runs in one transaction.
 */

export const STALE_LESSON = 'Someone else changed this lesson since you opened it. Reload to see their changes.';

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', undefined, { errors: { [field]: [message] } });
}

function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

async function lessonState(db: Executor, lessonId: number) {
  const found = await findLessonWithCourse(db, lessonId);
  if (!found) throw new AppError('not_found', 'No such lesson.');
  const chunkRows = await repo.chunkRowsOfLesson(db, lessonId);
  return { ...found, chunks: chunkRows };
}

function presentLessonState(state: Awaited<ReturnType<typeof lessonState>>): AdminLesson['lesson'] {
  const { lesson, course } = state;
  return {
    id: lesson.id,
    course_id: course.id,
    course_title: course.title,
    title: lesson.title,
    is_published: lesson.isPublished,
    is_coming_soon: lesson.isComingSoon,
    is_premium: lesson.isPremium,
    has_success_measure: lesson.hasSuccessMeasure,
    question_set_id: lesson.questionSetId,
    chunks: state.chunks.map((c) => ({ id: c.id, title: c.title, video_id: c.videoId })),
    version: lesson.version,
  };
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
    videos: videoRows.map((v) => {
      const source =
        v.kind === 'file' ? (v.storage_key ?? '').split('/').pop() : `${v.provider ?? 'video'} ${v.hosted_id}`;
      // Library videos go by their title; older ones by the part that first used them.
      const name = v.title ? `${v.title} (${source})` : v.used_as ? `${v.used_as} (${source})` : source;
      return { id: v.id, kind: v.kind, duration: v.duration, label: `#${v.id} ${name}, ${formatDuration(v.duration)}` };
    }),
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
