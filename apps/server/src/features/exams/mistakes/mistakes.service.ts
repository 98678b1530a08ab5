import { authorize } from '../../../platform/authorize';
import { type MarkStatus } from '@banksia/contracts/exams';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { isBlankRichText, sanitizeRichText } from '../../../platform/sanitize';
import type { Actor } from '../../../platform/session';
import { loadClassAccess } from '../../classes/index';
import {
  type Grok,
  mistakeStatuses,
  type Mistakes,
  type QuestionNote,
  type QuestionNoteBody,
} from '@banksia/contracts/exam-api';
import {
  questionsOf,
  findQuestion,
  findOpenSitting,
  answersOf,
  lastSubmittedSitting,
  heldBack,
  type ClassExamKey,
  requireExamInClass,
  closeIfExpired,
  releasedAt as resultsReleasedAt,
} from '../shared/index';
import * as repo from './mistakes.repository';
import { presentNote } from './mistakes.presenter';
import './mistakes.policy';

/** The student's review of an exam in the class (the exam.review rule: 403 for anyone but its students). */
async function loadStudentReview(deps: AppDeps, actor: Actor, key: ClassExamKey) {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'exam.review', access, new AppError('forbidden', 'Only students of the class review it.'));
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  return { access, exam, profileId: access.studentProfileId! };
}

/**
 * The questions the student lost marks on in their last submitted sitting (as they see it: teacher marks count once
 * released), with whether each is grokked, and their notes on the exam's questions. 404 before a submission.
 */
export async function mistakes(deps: AppDeps, actor: Actor, key: ClassExamKey): Promise<Mistakes> {
  const { access, exam, profileId } = await loadStudentReview(deps, actor, key);
  const sittingKey = { examId: exam.id, classId: access.klass.id, profileId };
  const open = await findOpenSitting(deps.db, sittingKey);
  if (open) await closeIfExpired(deps, open, exam);
  const sitting = await lastSubmittedSitting(deps.db, sittingKey);
  if (!sitting) throw new AppError('not_found', 'This exam has not been submitted yet.');
  const [answers, questions, releasedAt, notes] = await Promise.all([
    answersOf(deps.db, sitting.id),
    questionsOf(deps.db, exam.id),
    resultsReleasedAt(deps.db, access.klass.id, exam.id),
    repo.notesOf(deps.db, access.klass.id, profileId, exam.id),
  ]);
  const released = releasedAt !== null;
  const seen = new Map(answers.map((a) => [a.questionId, released ? a : heldBack(a)]));
  const wrong =
    exam.kind === 'reflective_question_set'
      ? []
      : questions.flatMap((q) => {
          const answer = seen.get(q.id);
          const status = answer?.markStatus ?? 'unanswered';
          return isMistakeStatus(status) ? [{ question: q, status, marksAwarded: answer?.marksAwarded ?? null }] : [];
        });
  const groks = new Map(
    (
      await repo.groksOf(
        deps.db,
        access.klass.id,
        profileId,
        wrong.map((w) => w.question.id),
      )
    ).map((g) => [g.questionId, g.grokkedAt]),
  );
  return {
    sitting_id: sitting.id,
    released,
    mistakes: wrong.map((w) => ({
      question_id: w.question.id,
      section_id: w.question.sectionId,
      mark_status: w.status,
      marks_awarded: w.marksAwarded === null ? null : Number(w.marksAwarded),
      marks: Number(w.question.marks),
      grokked_at: groks.has(w.question.id) ? new Date(groks.get(w.question.id)!).toISOString() : null,
    })),
    notes: notes.map(presentNote),
  };
}

const isMistakeStatus = (status: MarkStatus): status is (typeof mistakeStatuses)[number] =>
  (mistakeStatuses as readonly string[]).includes(status);

/** The student's question of the exam, after they have submitted a sitting of it (grok and notes come after). */
async function loadReviewableQuestion(deps: AppDeps, actor: Actor, key: ClassExamKey & { questionId: number }) {
  const found = await loadStudentReview(deps, actor, key);
  const question = await findQuestion(deps.db, found.exam.id, key.questionId);
  if (!question) throw new AppError('not_found', 'No such question in this exam.');
  const submitted = await lastSubmittedSitting(deps.db, {
    examId: found.exam.id,
    classId: found.access.klass.id,
    profileId: found.profileId,
  });
  if (!submitted) throw new AppError('conflict', 'Submit the exam before reviewing its questions.');
  return { ...found, question };
}

/** Marks a mistake as now understood (grok), or not yet; idempotent. */
export async function setGrok(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey & { questionId: number },
  body: { grokked: boolean },
): Promise<Grok> {
  const { access, profileId, question } = await loadReviewableQuestion(deps, actor, key);
  const grokkedAt = await repo.writeGrok(deps.db, {
    schoolId: access.klass.school_id,
    classId: access.klass.id,
    profileId,
    questionId: question.id,
    grokked: body.grokked,
    now: deps.clock.now(),
  });
  return { question_id: question.id, grokked_at: grokkedAt && new Date(grokkedAt).toISOString() };
}

export const NOTE_CONFLICT_DETAIL = 'This note was changed somewhere else. Reload to see the latest version.';

/** Saves the student's note on a question (sanitised HTML), naming the version edited; stale is 409. */
export async function saveNote(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey & { questionId: number },
  body: QuestionNoteBody,
): Promise<QuestionNote> {
  const { access, profileId, question } = await loadReviewableQuestion(deps, actor, key);
  const clean = sanitizeRichText(body.body);
  const saved = await repo.saveNote(deps.db, {
    schoolId: access.klass.school_id,
    classId: access.klass.id,
    profileId,
    questionId: question.id,
    body: isBlankRichText(clean) ? '' : clean,
    version: body.version,
    now: deps.clock.now(),
  });
  if (!saved) throw new AppError('conflict', NOTE_CONFLICT_DETAIL);
  return presentNote(saved);
}
