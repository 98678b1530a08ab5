import { authorize, can } from '../../../platform/authorize';
import {
  answerSchemaByType,
  type ExamAnswer,
  type ExamQuestion,
  reflectionAnswerSchema,
} from '@banksia/contracts/exams';
import { isExamListed } from '@banksia/contracts/rules/listing';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { isBlankRichText, sanitizeRichText } from '../../../platform/sanitize';
import type { Actor } from '../../../platform/session';
import { getResponse as getActivityResponse } from '../../activities/index';
import { loadClassAccess } from '../../classes/index';
import {
  type ExamClasses,
  type ExamView,
  type SaveAnswerBody,
  type Sitting,
  type SittingAnswer,
} from '@banksia/contracts/exam-api';
import {
  type ExamRow,
  type SittingRow,
  findExam,
  sectionsOf,
  questionsOf,
  findQuestion,
  isOnRoster,
  findOpenSitting,
  currentSitting,
  findSitting,
  lockSitting,
  presentExam,
  presentAnswer,
  questionOf,
  type ClassExamKey,
  requireExamInClass,
  isLocked,
  LATE_SAVE_GRACE_MS,
  deadlineOf,
  sittingView,
  closeIfExpired,
  openSitting,
  submitInTransaction,
  extraTimeMinutes as studentExtraTime,
} from '../shared/index';
import * as repo from './sittings.repository';
import './sittings.policy';
import { presentExamClass } from './sittings.presenter';

export const ANSWER_CONFLICT_DETAIL = 'This answer was changed somewhere else. Reload to see the latest version.';

/**
 * An exam with its sections and questions (GET /api/v1/exams/{examId}/). Markers (teachers of a class on the
 * exam's course, its school's admins, content and roster staff) see everything with the solutions; students of a
 * class on the course see a published, submittable exam, with solutions only once they have submitted a sitting.
 */
export async function getExam(deps: AppDeps, actor: Actor, examId: number): Promise<ExamView> {
  const exam = await findExam(deps.db, examId);
  if (!exam) throw new AppError('not_found', 'No such exam.');
  const standing = authorize(actor, 'exam.view', await repo.courseStanding(deps.db, actor.userId, exam.courseId));
  const marker = can(actor, 'exam.mark', standing);
  if (!marker && !isExamListed({ is_published: exam.isPublished, is_submittable: exam.isSubmittable })) {
    throw new AppError('not_found', 'No such exam.');
  }
  const withSolutions =
    marker ||
    (exam.hideSolutionsUntilRelease
      ? await repo.hasReleasedSitting(deps.db, actor.userId, exam.id)
      : await repo.hasSubmitted(deps.db, actor.userId, exam.id));
  const [sections, questions] = await Promise.all([sectionsOf(deps.db, exam.id), questionsOf(deps.db, exam.id)]);
  return presentExam(exam, sections, questions, withSolutions);
}

/**
 * Starts a sitting of an exam for a student of the class, or resumes the one open (idempotent: concurrent starts
 * make one sitting). Refused while a teacher has the exam locked in the class. An exam (kind 'exam') is sat once:
 * once submitted, starting again answers the submitted sitting; question sets may be taken again, each time in a
 * new sitting. `created` tells whether this call opened the sitting.
 */
export async function startSitting(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey,
): Promise<{ sitting: Sitting; created: boolean }> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'exam.sit', access, new AppError('forbidden', 'Only students of the class sit its exams.'));
  const profileId = access.studentProfileId!;
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  if (await isLocked(deps.db, access.klass.id, exam.id)) throw new AppError('exam_locked');
  const sittingKey = { examId: exam.id, classId: access.klass.id, profileId };
  const found = await findOpenSitting(deps.db, sittingKey);
  const open = found && (await closeIfExpired(deps, found, exam));
  if (open?.status === 'open') return { sitting: await sittingView(deps, open, exam, 'student'), created: false };
  if (exam.kind === 'exam') {
    const done = await currentSitting(deps.db, sittingKey);
    if (done) return { sitting: await sittingView(deps, done, exam, 'student'), created: false };
  }
  const extraTimeMinutes = await studentExtraTime(deps.db, access.klass.id, profileId);
  const inserted = await openSitting(deps, {
    ...sittingKey,
    schoolId: access.klass.school_id,
    startedAt: deps.clock.now(),
    extraTimeMinutes,
  });
  // Another start won the race: answer the sitting it opened.
  const sitting = inserted ?? (await currentSitting(deps.db, sittingKey));
  if (!sitting) throw new AppError('conflict', 'The sitting changed while starting. Try again.');
  return { sitting: await sittingView(deps, sitting, exam, 'student'), created: !!inserted };
}

/**
 * A student's sitting of an exam in a class: their own (the open one, else the last submitted), or, with
 * `profileId`, a student's on the roster for those who may teach the class. Null before the first start.
 */
export async function getSitting(
  deps: AppDeps,
  actor: Actor,
  key: ClassExamKey & { profileId?: number | undefined },
): Promise<Sitting | null> {
  const access = await loadClassAccess(deps, actor, key.classId);
  const own = key.profileId === undefined || key.profileId === access.studentProfileId;
  if (own && !can(actor, 'exam.sit', access)) {
    throw new AppError('forbidden', 'Only students of the class have a sitting; pass profile_id to read one.');
  }
  if (!own) authorize(actor, 'class.teach', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  const profileId = own ? access.studentProfileId! : key.profileId!;
  if (!own && !(await isOnRoster(deps.db, access.klass.id, access.klass.school_id, profileId))) {
    throw new AppError('not_found', 'No such student in this class.');
  }
  const current = await currentSitting(deps.db, { examId: exam.id, classId: access.klass.id, profileId });
  if (!current) return null; // not started yet
  const sitting = await closeIfExpired(deps, current, exam);
  return sittingView(deps, sitting, exam, own ? 'student' : 'marker');
}

/**
 * A sitting the actor may answer and submit (the sitting.answer rule): their own (they must still be on the class's
 * roster), or, when a teacher is transcribing it from paper, only those who may teach the class. 403 for anyone else.
 */
async function loadAnswerableSitting(deps: AppDeps, actor: Actor, sittingId: number) {
  const sitting = await findSitting(deps.db, sittingId);
  if (!sitting) throw new AppError('not_found', 'No such sitting.');
  authorize(actor, 'sitting.answer', { access: await loadClassAccess(deps, actor, sitting.classId), sitting });
  return { sitting, transcriber: sitting.transcribedBy !== null };
}

/** The answer in the shape its question's type expects, cleaned; 400 naming the fields at fault otherwise. */
async function checkAnswer(
  deps: AppDeps,
  actor: Actor,
  sitting: SittingRow,
  exam: ExamRow,
  question: ExamQuestion,
  answer: unknown,
): Promise<ExamAnswer> {
  const schema = exam.kind === 'reflective_question_set' ? reflectionAnswerSchema : answerSchemaByType[question.type];
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      (errors[['answer', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
    }
    throw new AppError('validation_failed', undefined, { errors });
  }
  const given = parsed.data;
  if ('revisit' in given) return { ...given, revisit: given.revisit.trim() };
  if ('html' in given) {
    const clean = sanitizeRichText(given.html);
    return { html: isBlankRichText(clean) ? '' : clean };
  }
  if ('activity_response_id' in given && question.type === 'activity') {
    if (sitting.transcribedBy !== null) {
      throw new AppError('validation_failed', undefined, {
        errors: { answer: ['An activity is answered by the student in the activity; it cannot be transcribed.'] },
      });
    }
    // The student's own response to the question's activity in this class, and no other.
    const own = await getActivityResponse(deps, actor, { activityId: question.activity_id, classId: sitting.classId });
    if (own.id !== given.activity_response_id) {
      throw new AppError('validation_failed', undefined, {
        errors: { 'answer.activity_response_id': ['Not your response to this activity.'] },
      });
    }
  }
  return given;
}

/**
 * Saves one answer of the student's own open sitting (autosave). The save names the version it edited: a stale one
 * is a 409 and nothing is written. Refused once the sitting is submitted, once its time is up (after a short grace),
 * and while the exam is locked in the class. The sitting row is share-locked meanwhile, so a submit waits for the
 * save, and a save after a submit sees it.
 */
export async function saveAnswer(
  deps: AppDeps,
  actor: Actor,
  key: { sittingId: number; questionId: number },
  body: SaveAnswerBody,
): Promise<SittingAnswer> {
  const { sitting, transcriber } = await loadAnswerableSitting(deps, actor, key.sittingId);
  const row = await findQuestion(deps.db, sitting.examId, key.questionId);
  if (!row) throw new AppError('not_found', 'No such question in this exam.');
  const exam = (await findExam(deps.db, sitting.examId))!;
  const answer = await checkAnswer(deps, actor, sitting, exam, questionOf(row), body.answer);
  const now = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    const current = (await lockSitting(tx, sitting.id, 'share'))!;
    if (current.status !== 'open') throw new AppError('sitting_submitted');
    // A teacher entering a paper may do so while the exam is locked to students.
    if (!transcriber && (await isLocked(tx, current.classId, current.examId))) throw new AppError('exam_locked');
    const deadline = deadlineOf(current, exam);
    if (deadline && now.getTime() > deadline.getTime() + LATE_SAVE_GRACE_MS) throw new AppError('time_up');
    return repo.saveAnswer(tx, {
      schoolId: current.schoolId,
      sittingId: current.id,
      questionId: row.id,
      answer,
      version: body.version,
      now,
    });
  });
  if (!saved) throw new AppError('conflict', ANSWER_CONFLICT_DETAIL);
  return presentAnswer(saved);
}

/**
 * Submits the student's own sitting (or one a teacher is transcribing), marking objective questions in the same
 * transaction (markObjective); extended responses and activities wait for a teacher (needs_marking). Reflective
 * question sets are not marked. Idempotent: the sitting row is locked for update, so of two submits one marks and the
 * other finds it submitted and answers the same result. Refused while the exam is locked in the class (not for a
 * transcribing teacher); allowed after the deadline (what was saved in time is submitted). Audited, so a submission
 * can be shown to have happened once.
 */
export async function submitSitting(deps: AppDeps, actor: Actor, sittingId: number): Promise<Sitting> {
  const { sitting, transcriber } = await loadAnswerableSitting(deps, actor, sittingId);
  const exam = (await findExam(deps.db, sitting.examId))!;
  const submitted = await submitInTransaction(deps, {
    sittingId: sitting.id,
    exam,
    actorUserId: actor.userId,
    checkLock: !transcriber,
  });
  return sittingView(deps, submitted, exam, transcriber ? 'marker' : 'student');
}

/**
 * The actor's classes on the exam's course (a student on the roster or a teacher), with the lock, the release and
 * the student's current sitting in each: what the exam pages (which carry no class in their path) start from.
 * 403 for those with no class on the course; 404 for an exam students may not see.
 */
export async function examClasses(deps: AppDeps, actor: Actor, examId: number): Promise<ExamClasses> {
  const exam = await findExam(deps.db, examId);
  if (!exam) throw new AppError('not_found', 'No such exam.');
  const rows = await repo.examClassesOf(deps.db, { userId: actor.userId, courseId: exam.courseId, examId });
  authorize(actor, 'exam.classes', rows);
  const listed = isExamListed({ is_published: exam.isPublished, is_submittable: exam.isSubmittable });
  if (!listed && !rows.some((r) => r.teaches)) throw new AppError('not_found', 'No such exam.');
  const classes = await Promise.all(
    rows.map(async (r) => {
      const found =
        !r.teaches && r.profile_id !== null
          ? await currentSitting(deps.db, { examId, classId: r.class_id, profileId: r.profile_id })
          : null;
      const sitting = found && (await closeIfExpired(deps, found, exam));
      return presentExamClass(r, sitting);
    }),
  );
  return { exam_id: exam.id, classes };
}
