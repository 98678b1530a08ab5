import { authorize } from '../../../platform/authorize';
import { type ExamQuestion, type MarkStatus } from '@banksia/contracts/exams';
import { anonymisedNames } from '@banksia/contracts/rules/anonymiser';
import { markObjective, remarkWithAcceptedAlternative } from '@banksia/contracts/rules/answer-marking';
import type { ExamQuestionDefinition } from '../../../db/schema/index';
import { audit } from '../../../platform/audit';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { isBlankRichText, sanitizeRichText } from '../../../platform/sanitize';
import type { Actor } from '../../../platform/session';
import { loadClassAccess } from '../../classes/index';
import { refreshRollup, refreshRollupOfSittings } from '../../progress/index';
import {
  alternativeSchemaByType,
  type AcceptAlternativeBody,
  type AcceptAlternativeResult,
  type ClassSittings,
  type ExamLock,
  type QuestionResponses,
  type ReleaseResults,
  type ReleaseResultsBody,
  type ExtraTime,
  type MarkAnswerBody,
  type SetExamLockBody,
  type SetExtraTimeBody,
  type SittingAnswer,
} from '@banksia/contracts/exam-api';
import {
  type AnswerRow,
  findQuestion,
  isOnRoster,
  lockStatus,
  findSitting,
  lockSitting,
  presentQuestion,
  presentAnswer,
  questionOf,
  type ClassExamKey,
  requireExamInClass,
  closeExpiredInClass,
  releasedAt as resultsReleasedAt,
} from '../shared/index';
import * as repo from './marking.repository';
import { presentClassSittings, presentExtraTime, presentLock, presentQuestionResponses } from './marking.presenter';

/**
 * Every student of the class with their sitting of the exam, per-question marking counts and whether results are
 * released, for those who may teach the class. With `anonymise`, names are the day's pseudonyms (spec §4).
 */
export async function classSittings(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey & { anonymise?: boolean },
): Promise<ClassSittings> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.teach', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  await closeExpiredInClass(deps, access.klass.id, exam);
  const q = { classId: access.klass.id, schoolId: access.klass.school_id, examId: exam.id };
  const [rows, questions, releasedAt] = await Promise.all([
    repo.classSittings(deps.db, q),
    repo.questionMarkingCounts(deps.db, q),
    resultsReleasedAt(deps.db, q.classId, q.examId),
  ]);
  return presentClassSittings(rows, {
    releasedAt,
    questions,
    pseudonyms: key.anonymise
      ? anonymisedNames(
          rows.map((r) => r.profile_id),
          deps.clock.now(),
        )
      : null,
  });
}

function statusForMarks(awarded: number, marks: number): MarkStatus {
  if (awarded >= marks) return 'correct';
  return awarded > 0 ? 'partially_correct' : 'incorrect';
}

/**
 * A teacher's mark (and feedback) for one answer of a submitted sitting, for those who may teach the sitting's class.
 * Marks run from 0 to the question's marks; the status follows them (all: correct, none: incorrect, else partially
 * correct). Overrides an automatic mark too. Audited.
 */
export async function markAnswer(
  deps: AppDeps,
  actor: Actor,
  key: { sittingId: number; questionId: number },
  body: MarkAnswerBody,
): Promise<SittingAnswer> {
  const sitting = await findSitting(deps.db, key.sittingId);
  if (!sitting) throw new AppError('not_found', 'No such sitting.');
  authorize(actor, 'class.teach', await loadClassAccess(deps, actor, sitting.classId));
  const question = await findQuestion(deps.db, sitting.examId, key.questionId);
  if (!question) throw new AppError('not_found', 'No such question in this exam.');
  const marks = Number(question.marks);
  if (body.marks_awarded > marks) {
    throw new AppError('validation_failed', undefined, { errors: { marks_awarded: [`At most ${marks}.`] } });
  }
  const feedback = body.feedback === undefined ? undefined : sanitizeRichText(body.feedback);
  const marked = await deps.db.transaction(async (tx) => {
    const current = (await lockSitting(tx, sitting.id, 'share'))!;
    if (current.status !== 'submitted') {
      throw new AppError('conflict', 'Answers are marked once the sitting has been submitted.');
    }
    const { before, after } = await repo.writeTeacherMark(tx, {
      schoolId: current.schoolId,
      sittingId: current.id,
      questionId: question.id,
      status: statusForMarks(body.marks_awarded, marks),
      marksAwarded: body.marks_awarded,
      feedback: feedback === undefined ? undefined : isBlankRichText(feedback) ? '' : feedback,
      userId: actor.userId,
      now: deps.clock.now(),
    });
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: current.schoolId,
      action: 'exam_answer.mark',
      entityType: 'exam_answer',
      entityId: after.id,
      before: before && { mark_status: before.markStatus, marks_awarded: before.marksAwarded },
      after: { mark_status: after.markStatus, marks_awarded: after.marksAwarded },
    });
    await refreshRollup(tx, { classId: current.classId, profileId: current.profileId, examId: current.examId });
    return after;
  });
  return presentAnswer(marked);
}

/** The alternative in the form the question's type takes; 400 naming `alternative` otherwise. */
function checkAlternative(question: ExamQuestion, alternative: string): string {
  const parsed = alternativeSchemaByType[question.type].safeParse(alternative);
  if (!parsed.success) {
    throw new AppError('validation_failed', undefined, {
      errors: { alternative: parsed.error.issues.map((issue) => issue.message) },
    });
  }
  if (question.type === 'multiple_choice' && !question.options.some((option) => option.id === parsed.data)) {
    throw new AppError('validation_failed', undefined, {
      errors: { alternative: ['Not an option of this question.'] },
    });
  }
  return parsed.data;
}

const sameMark = (row: AnswerRow, status: MarkStatus, marksAwarded: number | null) =>
  row.markStatus === status &&
  (row.marksAwarded === null
    ? marksAwarded === null
    : marksAwarded !== null && Number(row.marksAwarded) === marksAwarded);

/**
 * Accepts an alternative answer to an objective question for everyone (exams issue): the question's answer key
 * takes it (remarkWithAcceptedAlternative), and every answer to the question in a submitted sitting, in every class
 * and school, is marked again with markObjective, all in one transaction. Answers a teacher marked by hand
 * (marked_by set by PUT …/mark/) keep their marks; open sittings are marked with the new key when submitted.
 *
 * For those who may teach the class (its teachers, its school's admins, content and roster staff); the exam must
 * be on the class's course (404 otherwise). Accepting an alternative already accepted changes nothing (changed: 0).
 * Audited when the question or any mark changes.
 */
export async function acceptAlternative(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey & { questionId: number },
  body: AcceptAlternativeBody,
): Promise<AcceptAlternativeResult> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.teach', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  const found = await findQuestion(deps.db, exam.id, key.questionId);
  if (!found) throw new AppError('not_found', 'No such question in this exam.');
  const alternative = checkAlternative(questionOf(found), body.alternative);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = (await repo.lockQuestion(tx, exam.id, found.id))!;
    const before = questionOf(row);
    const after = remarkWithAcceptedAlternative(before, alternative);
    const updated = after === before ? row : await repo.updateQuestionDefinition(tx, row.id, definitionOf(after));
    const answers = await repo.autoMarkedSubmittedAnswers(tx, row.id);
    const changes = answers.flatMap((answer) => {
      const result = markObjective(after, answer.answer);
      return sameMark(answer, result.status, result.marks_awarded)
        ? []
        : [{ answerId: answer.id, status: result.status, marksAwarded: result.marks_awarded }];
    });
    await repo.rewriteAutoMarks(tx, changes, now);
    // The re-marked sittings' totals change in every class that sat them.
    const changed = new Set(changes.map((c) => c.answerId));
    await refreshRollupOfSittings(tx, [...new Set(answers.filter((a) => changed.has(a.id)).map((a) => a.sittingId))]);
    if (after !== before || changes.length) {
      await audit(tx, {
        actorUserId: actor.userId,
        schoolId: access.klass.school_id,
        action: 'exam_question.accept_alternative',
        entityType: 'exam_question',
        entityId: row.id,
        before: row.definition,
        after: {
          ...updated.definition,
          alternative,
          class_id: access.klass.id,
          remarked: answers.length,
          changed: changes.length,
        },
      });
    }
    return { question: presentQuestion(updated, true), remarked: answers.length, changed: changes.length };
  });
}

/** What is stored in a question's definition column: the question without the fields that have their own columns. */
function definitionOf(question: ExamQuestion): ExamQuestionDefinition {
  const { id: _id, marks: _marks, prompt: _prompt, worked_solution: _solution, ...definition } = question;
  return definition as ExamQuestionDefinition;
}

/** The exam's lock in a class (spec §4), for members of the class. No lock set is OPEN. */
export async function getLock(deps: AppDeps, actor: Actor, key: ClassExamKey): Promise<ExamLock> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.view', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  return presentLock(access.klass.id, exam.id, await lockStatus(deps.db, access.klass.id, exam.id));
}

/**
 * Locks or opens an exam in a class (spec §4, §6: a teacher of the class; also its school's admins and staff).
 * Setting the status it already has changes nothing. Each change is audited.
 */
export async function setLock(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey,
  body: SetExamLockBody,
  ip: string,
): Promise<ExamLock> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.teach', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  const status = body.status ?? (body.is_locked ? 'LOCKED_BY_TEACHER' : 'OPEN');
  const classId = access.klass.id;
  await deps.db.transaction(async (tx) => {
    const before = (await repo.lockStatusForUpdate(tx, classId, exam.id)) ?? 'OPEN';
    if (before === status) return;
    const schoolId = access.klass.school_id;
    await repo.writeLock(tx, {
      schoolId,
      classId,
      examId: exam.id,
      status,
      userId: actor.userId,
      now: deps.clock.now(),
    });
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId,
      action: 'exam.lock',
      entityType: 'exam_class_lock',
      entityId: `${classId}:${exam.id}`,
      before: { status: before },
      after: { status },
      ip,
    });
  });
  return presentLock(classId, exam.id, status);
}

/**
 * Sets the extra minutes a student on the class's roster gets on timed exams in the class, for those who may teach
 * it. It applies to sittings the student has open there now and to later ones. Audited.
 */
export async function setExtraTime(
  deps: AppDeps,
  actor: Actor,
  key: { classId: number; profileId: number },
  body: SetExtraTimeBody,
): Promise<ExtraTime> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.teach', access);
  const { klass } = access;
  if (!(await isOnRoster(deps.db, klass.id, klass.school_id, key.profileId))) {
    throw new AppError('not_found', 'No such student in this class.');
  }
  await deps.db.transaction(async (tx) => {
    const { before } = await repo.writeExtraTime(tx, {
      schoolId: klass.school_id,
      classId: klass.id,
      profileId: key.profileId,
      minutes: body.minutes,
      userId: actor.userId,
      now: deps.clock.now(),
    });
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: klass.school_id,
      action: 'exam.extra_time',
      entityType: 'exam_extra_time',
      entityId: `${klass.id}:${key.profileId}`,
      before: { minutes: before },
      after: { minutes: body.minutes },
    });
  });
  return presentExtraTime(klass.id, key.profileId, body.minutes);
}

/**
 * Each student's answer to one question in their last submitted sitting in the class, with the answer key, for
 * those who may teach the class; names are the day's pseudonyms with `anonymise`.
 */
export async function questionResponses(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey & { questionId: number; anonymise?: boolean },
): Promise<QuestionResponses> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.teach', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  const question = await findQuestion(deps.db, exam.id, key.questionId);
  if (!question) throw new AppError('not_found', 'No such question in this exam.');
  await closeExpiredInClass(deps, access.klass.id, exam);
  const rows = await repo.questionResponses(deps.db, {
    classId: access.klass.id,
    schoolId: access.klass.school_id,
    examId: exam.id,
    questionId: question.id,
  });
  // Pseudonyms are made over the whole roster, so each student has the same one here as on the class's list.
  const pseudonyms = key.anonymise
    ? anonymisedNames(await repo.rosterProfileIds(deps.db, access.klass.id, access.klass.school_id), deps.clock.now())
    : null;
  return presentQuestionResponses(question, rows, pseudonyms);
}

/**
 * Releases a class's results of an exam to its students (teacher marks, feedback and, when the exam hides them,
 * solutions), or holds them again; for those who may teach the class. Releasing again keeps the first time. Audited.
 */
export async function releaseResults(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey,
  body: ReleaseResultsBody,
): Promise<ReleaseResults> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.teach', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  const { klass } = access;
  const releasedAt = await deps.db.transaction(async (tx) => {
    const before = await resultsReleasedAt(tx, klass.id, exam.id);
    const after = await repo.writeRelease(tx, {
      schoolId: klass.school_id,
      classId: klass.id,
      examId: exam.id,
      released: body.released,
      userId: actor.userId,
      now: deps.clock.now(),
    });
    if ((before === null) !== (after === null)) {
      await audit(tx, {
        actorUserId: actor.userId,
        schoolId: klass.school_id,
        action: body.released ? 'exam.release_results' : 'exam.hold_results',
        entityType: 'exam_result_release',
        entityId: `${klass.id}:${exam.id}`,
      });
    }
    return after;
  });
  return { class_id: klass.id, exam_id: exam.id, released_at: releasedAt && releasedAt.toISOString() };
}
