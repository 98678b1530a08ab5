import { markObjective } from '@banksia/contracts/rules/answer-marking';
import { audit } from '../../../platform/audit';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { refreshRollup } from '../../progress/index';
import { type Sitting } from '@banksia/contracts/exam-api';
import * as repo from './exams.repository';
import { presentSitting, type SittingAudience } from './exams.presenter';
import { questionOf } from './questions';
import { isLocked } from './exam-lookup';

/**
 * How long after the deadline an answer save is still taken: the browser saves a moment after the last keystroke
 * and retries a save that failed on the network, so a save made in time may arrive a little late.
 */
export const LATE_SAVE_GRACE_MS = 15_000;

/** When a sitting's time runs out: started_at + the exam's limit + the sitting's extra time; null if untimed. */
export function sittingDeadline(
  sitting: Pick<repo.SittingRow, 'startedAt' | 'extraTimeMinutes'>,
  timeLimitMinutes: number | null,
): Date | null {
  if (timeLimitMinutes === null) return null;
  return new Date(new Date(sitting.startedAt).getTime() + (timeLimitMinutes + sitting.extraTimeMinutes) * 60_000);
}

/** When a sitting's time runs out, or null: untimed exams, and sittings a teacher transcribes from paper. */
export function deadlineOf(sitting: repo.SittingRow, exam: repo.ExamRow): Date | null {
  return sitting.transcribedBy === null ? sittingDeadline(sitting, exam.timeLimitMinutes) : null;
}

export async function sittingView(
  deps: AppDeps,
  sitting: repo.SittingRow,
  exam: repo.ExamRow,
  audience: SittingAudience,
): Promise<Sitting> {
  const [answers, questions, releasedAt] = await Promise.all([
    repo.answersOf(deps.db, sitting.id),
    repo.questionsOf(deps.db, sitting.examId),
    repo.releasedAt(deps.db, sitting.classId, sitting.examId),
  ]);
  return presentSitting({
    sitting,
    exam,
    answers,
    questions,
    deadline: deadlineOf(sitting, exam),
    now: deps.clock.now(),
    released: releasedAt !== null,
    audience,
  });
}

/**
 * Submits a sitting whose time ran out (deadline plus the late-save grace) and that nobody submitted: the browser
 * submits at the deadline, but a closed laptop does not. Done lazily whenever the sitting or its class's sittings
 * are read, so a result never depends on a page being open. Audited as an automatic submit.
 */
export async function closeIfExpired(
  deps: AppDeps,
  sitting: repo.SittingRow,
  exam: repo.ExamRow,
): Promise<repo.SittingRow> {
  const deadline = deadlineOf(sitting, exam);
  if (sitting.status !== 'open' || !deadline) return sitting;
  if (deps.clock.now().getTime() <= deadline.getTime() + LATE_SAVE_GRACE_MS) return sitting;
  return submitInTransaction(deps, { sittingId: sitting.id, exam, actorUserId: null, checkLock: false });
}

/** closeIfExpired for every open sitting of the exam in the class (before a teacher reads the class's sittings). */
export async function closeExpiredInClass(deps: AppDeps, classId: number, exam: repo.ExamRow): Promise<void> {
  if (exam.timeLimitMinutes === null) return;
  const before = new Date(deps.clock.now().getTime() - LATE_SAVE_GRACE_MS);
  const expired = await repo.expiredOpenSittings(deps.db, {
    classId,
    examId: exam.id,
    timeLimitMinutes: exam.timeLimitMinutes,
    before,
  });
  for (const sitting of expired) await closeIfExpired(deps, sitting, exam);
}

/**
 * Submits every sitting of an exam in a class whose time ran out, so other features' figures (insights) count them as
 * the marking pages do. The caller has checked that the actor may teach the class.
 */
export async function closeExpiredSittings(deps: AppDeps, classId: number, examId: number): Promise<void> {
  const exam = await repo.findExam(deps.db, examId);
  if (exam) await closeExpiredInClass(deps, classId, exam);
}

/** Opens a sitting (repo.insertOpenSitting) and brings the student's progress cell for the exam up to date with it. */
export async function openSitting(deps: AppDeps, v: Parameters<typeof repo.insertOpenSitting>[1]) {
  return deps.db.transaction(async (tx) => {
    const inserted = await repo.insertOpenSitting(tx, v);
    if (inserted) await refreshRollup(tx, { classId: v.classId, profileId: v.profileId, examId: v.examId });
    return inserted;
  });
}

/** The submit itself (see submitSitting); `actorUserId` null for an automatic submit when time ran out. */
export async function submitInTransaction(
  deps: AppDeps,
  o: { sittingId: number; exam: repo.ExamRow; actorUserId: number | null; checkLock: boolean },
): Promise<repo.SittingRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = (await repo.lockSitting(tx, o.sittingId, 'update'))!;
    if (current.status === 'submitted') return current;
    if (o.checkLock && (await isLocked(tx, current.classId, current.examId))) throw new AppError('exam_locked');
    if (o.exam.kind !== 'reflective_question_set') {
      // Share-locked, so an alternative being accepted (acceptAlternative) either lands before these marks or
      // re-marks this sitting after it commits.
      const questions = await repo.lockQuestionsOf(tx, o.exam.id);
      const answers = new Map((await repo.answersOf(tx, current.id)).map((a) => [a.questionId, a.answer]));
      const marks = questions.map((q) => {
        const result = markObjective(questionOf(q), answers.get(q.id) ?? null);
        return { questionId: q.id, status: result.status, marksAwarded: result.marks_awarded };
      });
      await repo.recordMarks(tx, { schoolId: current.schoolId, sittingId: current.id, marks, now });
    }
    await audit(tx, {
      actorUserId: o.actorUserId,
      schoolId: current.schoolId,
      action: o.actorUserId === null ? 'exam_sitting.auto_submit' : 'exam_sitting.submit',
      entityType: 'exam_sitting',
      entityId: current.id,
    });
    const submitted = await repo.markSubmitted(tx, current.id, now);
    await refreshRollup(tx, { classId: current.classId, profileId: current.profileId, examId: current.examId });
    return submitted;
  });
}
