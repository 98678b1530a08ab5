import { authorize } from '../../platform/authorize';
import type { Notes, SaveNotesBody } from '@banksia/contracts/courses';
import { canTakeNotes } from '@banksia/contracts/rules/features';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { isBlankRichText, sanitizeRichText } from '../../platform/sanitize';
import type { Actor } from '../../platform/session';
import { loadClassAccess } from '../classes/index';
import { presentNotes } from './notes.presenter';
import * as repo from './notes.repository';

export const NOTES_CONFLICT_DETAIL = 'These notes were changed somewhere else. Reload to see the latest version.';

interface NotesKey {
  classId: number;
  lessonId: number;
  profileId: number;
}

/**
 * A student's notes on a lesson of the class's course: for the student themself (on the roster) and for those
 * who may teach the class. Another student gets 403, whether or not the profile is in the class.
 */
export async function getNotes(deps: AppDeps, actor: Actor, key: NotesKey): Promise<Notes> {
  const access = await loadClassAccess(deps, actor, key.classId);
  const own = access.studentProfileId === key.profileId;
  if (!own) authorize(actor, 'class.teach', access);
  const { klass } = access;
  const lesson = await repo.lessonInCourse(deps.db, key.lessonId, klass.course_id);
  if (!lesson) throw new AppError('not_found', 'No such lesson in this course.');
  if (!own && !(await repo.isOnRoster(deps.db, klass.id, klass.school_id, key.profileId))) {
    throw new AppError('not_found', 'No such student in this class.');
  }
  return presentNotes(
    lesson.id,
    key.profileId,
    await repo.findNotes(deps.db, {
      schoolId: klass.school_id,
      classId: klass.id,
      profileId: key.profileId,
      lessonId: lesson.id,
    }),
  );
}

/**
 * Saves a student's own notes. The course must offer notes to this class (canTakeNotes). The HTML is sanitised
 * here whatever the editor sent, and notes with no text are stored as empty (so they do not count as taken).
 * The save must name the version it edited: a stale version is a 409 and nothing is overwritten.
 */
export async function saveNotes(deps: AppDeps, actor: Actor, key: NotesKey, body: SaveNotesBody): Promise<Notes> {
  const access = await loadClassAccess(deps, actor, key.classId);
  if (access.studentProfileId === null || access.studentProfileId !== key.profileId) {
    throw new AppError('forbidden', 'Only the student who owns these notes can change them.');
  }
  const { klass } = access;
  const lesson = await repo.lessonInCourse(deps.db, key.lessonId, klass.course_id);
  if (!lesson || !lesson.is_published) throw new AppError('not_found', 'No such lesson in this course.');
  if (!canTakeNotes(lesson, klass.features)) {
    throw new AppError('forbidden', 'Notes are not available for this course.');
  }
  const clean = sanitizeRichText(body.html);
  const saved = await repo.saveNotes(deps.db, {
    schoolId: klass.school_id,
    classId: klass.id,
    profileId: key.profileId,
    lessonId: lesson.id,
    html: isBlankRichText(clean) ? '' : clean,
    version: body.version,
    now: deps.clock.now(),
  });
  if (!saved) throw new AppError('conflict', NOTES_CONFLICT_DETAIL);
  return presentNotes(lesson.id, key.profileId, saved);
}
