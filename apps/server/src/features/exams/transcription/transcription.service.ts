import { authorize } from '../../../platform/authorize';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { loadClassAccess } from '../../classes/index';
import { type Sitting } from '@banksia/contracts/exam-api';
import {
  isOnRoster,
  findOpenSitting,
  currentSitting,
  type ClassExamKey,
  requireExamInClass,
  sittingView,
  openSitting,
} from '../shared/index';

/**
 * Opens (or resumes) a sitting in which a teacher enters a student's paper answers (transcribe), for those who may
 * teach the class; the student must be on the roster. The teacher then answers and submits it with the usual calls.
 * An exam already sat (submitted, kind 'exam') answers that sitting; a student's own open sitting is 409.
 */
export async function startTranscription(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey & { profileId: number },
): Promise<{ sitting: Sitting; created: boolean }> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.teach', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  const { klass } = access;
  if (!(await isOnRoster(deps.db, klass.id, klass.school_id, key.profileId))) {
    throw new AppError('not_found', 'No such student in this class.');
  }
  const sittingKey = { examId: exam.id, classId: klass.id, profileId: key.profileId };
  const open = await findOpenSitting(deps.db, sittingKey);
  if (open && open.transcribedBy === null) {
    throw new AppError('conflict', 'This student has the exam open on screen. Ask them to submit it first.');
  }
  if (open) return { sitting: await sittingView(deps, open, exam, 'marker'), created: false };
  if (exam.kind === 'exam') {
    const done = await currentSitting(deps.db, sittingKey);
    if (done) return { sitting: await sittingView(deps, done, exam, 'marker'), created: false };
  }
  const inserted = await openSitting(deps, {
    ...sittingKey,
    schoolId: klass.school_id,
    startedAt: deps.clock.now(),
    extraTimeMinutes: 0,
    transcribedBy: actor.userId,
  });
  const sitting = inserted ?? (await currentSitting(deps.db, sittingKey));
  if (!sitting) throw new AppError('conflict', 'The sitting changed while starting. Try again.');
  return { sitting: await sittingView(deps, sitting, exam, 'marker'), created: !!inserted };
}
