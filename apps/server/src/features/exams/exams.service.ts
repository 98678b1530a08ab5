import { authorize, can } from '../../platform/authorize';
import {
  answerSchemaByType,
  type ExamAnswer,
  type ExamQuestion,
  examQuestionSchema,
  type MarkStatus,
  reflectionAnswerSchema,
} from '@banksia/contracts/exams';
import { showsLessonQuestions } from '@banksia/contracts/rules/features';
import { isExamListed } from '@banksia/contracts/rules/listing';
import { anonymisedNames } from '@banksia/contracts/rules/anonymiser';
import { markObjective, remarkWithAcceptedAlternative } from '@banksia/contracts/rules/answer-marking';
import type { ExamQuestionDefinition } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import { hasRole } from '../../platform/authz';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { isBlankRichText, sanitizeRichText } from '../../platform/sanitize';
import type { Actor } from '../../platform/session';
import { getResponse as getActivityResponse } from '../activities/index';
import { loadClassAccess, type ClassAccess } from '../classes/index';
import {
  presentAnswer,
  presentQuestion,
  solutionOf,
  presentClassSittings,
  presentExam,
  presentExtraTime,
  presentLock,
  heldBack,
  presentNote,
  presentQuestionResponses,
  presentSitting,
  type SittingAudience,
} from './exams.presenter';
import * as repo from './exams.repository';
import { refreshRollup, refreshRollupOfSittings } from '../progress/index';
import {
  alternativeSchemaByType,
  type AcceptAlternativeBody,
  type AcceptAlternativeResult,
  type ClassSittings,
  type DemoCheck,
  type DemoCheckBody,
  type ExamClasses,
  type ExamLock,
  type Grok,
  mistakeStatuses,
  type Mistakes,
  type QuestionNote,
  type QuestionNoteBody,
  type QuestionResponses,
  type QuestionSolution,
  type ReleaseResults,
  type ReleaseResultsBody,
  type ExamQuestionView,
  type ExamView,
  type ExtraTime,
  type MarkAnswerBody,
  type SaveAnswerBody,
  type SetExamLockBody,
  type SetExtraTimeBody,
  type Sitting,
  type SittingAnswer,
} from '@banksia/contracts/exam-api';

export const ANSWER_CONFLICT_DETAIL = 'This answer was changed somewhere else. Reload to see the latest version.';

/**
 * How long after the deadline an answer save is still taken: the browser saves a moment after the last keystroke
 * and retries a save that failed on the network, so a save made in time may arrive a little late.
 */
export const LATE_SAVE_GRACE_MS = 15_000;

interface ClassExamKey {
  classId: number;
  examId: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Questions

/** A stored question as the contracts define it (for marking): its columns and its definition together. */
/**
 * A question as a student answering it sees it (no answer key, no solution), and its key with the worked solution,
 * for other features that show exam questions (review): one place decides what gives an answer away.
 */
export function questionForStudent(row: repo.QuestionRow): ExamQuestionView {
  return presentQuestion(row, false);
}
export function questionSolution(row: repo.QuestionRow): QuestionSolution {
  return solutionOf(row);
}

export function questionOf(row: repo.QuestionRow): ExamQuestion {
  return {
    ...row.definition,
    id: String(row.id),
    marks: Number(row.marks),
    prompt: row.prompt,
    worked_solution: row.workedSolution,
  } as ExamQuestion;
}

/** The question with every HTML field (prompt, worked solution, option texts, marking guide) sanitised. */
export function sanitizeQuestion(question: ExamQuestion): ExamQuestion {
  const clean = { ...question, prompt: sanitizeRichText(question.prompt) };
  clean.worked_solution = sanitizeRichText(question.worked_solution);
  if (clean.type === 'multiple_choice') {
    clean.options = clean.options.map((option) => ({ ...option, text: sanitizeRichText(option.text) }));
  }
  if (clean.type === 'extended_response' && clean.marking_guide !== undefined) {
    clean.marking_guide = sanitizeRichText(clean.marking_guide);
  }
  return clean;
}

/** Adds a section at the end of an exam. For authoring and the demo seed; tests build exams with it. */
export async function addSection(db: Executor, examId: number, title: string): Promise<repo.SectionRow> {
  const position = (await repo.sectionsOf(db, examId)).length;
  return repo.insertSection(db, { examId, title, position });
}

/**
 * Adds a question at the end of a section, checked against contracts' examQuestionSchema (400 with the fields at
 * fault) and with its HTML sanitised, and recounts the exam's question_count and marks_total. The question's own
 * `id` is replaced by the row's.
 */
export async function addQuestion(
  db: Executor,
  key: { examId: number; sectionId: number },
  input: unknown,
): Promise<repo.QuestionRow> {
  const parsed = examQuestionSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'question'] ??= []).push(issue.message);
    throw new AppError('validation_failed', undefined, { errors });
  }
  const { id: _id, marks, prompt, worked_solution, ...definition } = sanitizeQuestion(parsed.data);
  const position = (await repo.questionsOf(db, key.examId)).filter((q) => q.sectionId === key.sectionId).length;
  const row = await repo.insertQuestion(db, {
    ...key,
    position,
    marks,
    prompt,
    workedSolution: worked_solution,
    definition: definition as ExamQuestionDefinition,
  });
  await repo.refreshExamTotals(db, key.examId);
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading an exam

/**
 * An exam with its sections and questions (GET /api/v1/exams/{examId}/). Markers (teachers of a class on the
 * exam's course, its school's admins, content and roster staff) see everything with the solutions; students of a
 * class on the course see a published, submittable exam, with solutions only once they have submitted a sitting.
 */
export async function getExam(deps: AppDeps, actor: Actor, examId: number): Promise<ExamView> {
  const exam = await repo.findExam(deps.db, examId);
  if (!exam) throw new AppError('not_found', 'No such exam.');
  const standing = await repo.courseStanding(deps.db, actor.userId, exam.courseId);
  const marker =
    hasRole(actor, 'content_admin', 'roster_admin') ||
    standing.teaches ||
    (standing.teaches_at_school && hasRole(actor, 'school_admin'));
  if (!marker && !standing.studies) throw new AppError('forbidden');
  if (!marker && !isExamListed({ is_published: exam.isPublished, is_submittable: exam.isSubmittable })) {
    throw new AppError('not_found', 'No such exam.');
  }
  const withSolutions =
    marker ||
    (exam.hideSolutionsUntilRelease
      ? await repo.hasReleasedSitting(deps.db, actor.userId, exam.id)
      : await repo.hasSubmitted(deps.db, actor.userId, exam.id));
  const [sections, questions] = await Promise.all([
    repo.sectionsOf(deps.db, exam.id),
    repo.questionsOf(deps.db, exam.id),
  ]);
  return presentExam(exam, sections, questions, withSolutions);
}

/**
 * The exam, when it belongs to the class's course; for students (not markers) also published and submittable, as
 * the class's course lists it to them. Anything else is 404 in this class.
 */
async function requireExamInClass(
  deps: AppDeps,
  actor: Actor,
  access: ClassAccess,
  examId: number,
): Promise<repo.ExamRow> {
  const exam = await repo.findExam(deps.db, examId);
  const listed =
    !!exam &&
    (can(actor, 'class.teach', access) ||
      isExamListed({ is_published: exam.isPublished, is_submittable: exam.isSubmittable }));
  if (!exam || exam.courseId !== access.klass.course_id || !listed) {
    throw new AppError('not_found', 'No such exam in this class.');
  }
  // A lesson's question set is for classes whose plan includes LESSON_QUESTIONS (its teachers may still look).
  if (!can(actor, 'class.teach', access) && exam.kind === 'question_set') {
    const gate = await repo.lessonQuestionSetGate(deps.db, exam.id, exam.courseId);
    if (gate.isLessonQuestionSet && !showsLessonQuestions({ feature_sets: gate.featureSets }, access.klass.features)) {
      throw new AppError('feature_unavailable', "Your class's plan does not include lesson questions.");
    }
  }
  return exam;
}

async function isLocked(db: Executor, classId: number, examId: number): Promise<boolean> {
  return (await repo.lockStatus(db, classId, examId)) === 'LOCKED_BY_TEACHER';
}

// ---------------------------------------------------------------------------------------------------------------
// Sittings

/** When a sitting's time runs out: started_at + the exam's limit + the sitting's extra time; null if untimed. */
export function sittingDeadline(
  sitting: Pick<repo.SittingRow, 'startedAt' | 'extraTimeMinutes'>,
  timeLimitMinutes: number | null,
): Date | null {
  if (timeLimitMinutes === null) return null;
  return new Date(new Date(sitting.startedAt).getTime() + (timeLimitMinutes + sitting.extraTimeMinutes) * 60_000);
}

/** When a sitting's time runs out, or null: untimed exams, and sittings a teacher transcribes from paper. */
function deadlineOf(sitting: repo.SittingRow, exam: repo.ExamRow): Date | null {
  return sitting.transcribedBy === null ? sittingDeadline(sitting, exam.timeLimitMinutes) : null;
}

async function sittingView(
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
async function closeIfExpired(deps: AppDeps, sitting: repo.SittingRow, exam: repo.ExamRow): Promise<repo.SittingRow> {
  const deadline = deadlineOf(sitting, exam);
  if (sitting.status !== 'open' || !deadline) return sitting;
  if (deps.clock.now().getTime() <= deadline.getTime() + LATE_SAVE_GRACE_MS) return sitting;
  return submitInTransaction(deps, { sittingId: sitting.id, exam, actorUserId: null, checkLock: false });
}

/** closeIfExpired for every open sitting of the exam in the class (before a teacher reads the class's sittings). */
async function closeExpiredInClass(deps: AppDeps, classId: number, exam: repo.ExamRow): Promise<void> {
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
async function openSitting(deps: AppDeps, v: Parameters<typeof repo.insertOpenSitting>[1]) {
  return deps.db.transaction(async (tx) => {
    const inserted = await repo.insertOpenSitting(tx, v);
    if (inserted) await refreshRollup(tx, { classId: v.classId, profileId: v.profileId, examId: v.examId });
    return inserted;
  });
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
  const profileId = access.studentProfileId;
  if (profileId === null) throw new AppError('forbidden', 'Only students of the class sit its exams.');
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  if (await isLocked(deps.db, access.klass.id, exam.id)) throw new AppError('exam_locked');
  const sittingKey = { examId: exam.id, classId: access.klass.id, profileId };
  const found = await repo.findOpenSitting(deps.db, sittingKey);
  const open = found && (await closeIfExpired(deps, found, exam));
  if (open?.status === 'open') return { sitting: await sittingView(deps, open, exam, 'student'), created: false };
  if (exam.kind === 'exam') {
    const done = await repo.currentSitting(deps.db, sittingKey);
    if (done) return { sitting: await sittingView(deps, done, exam, 'student'), created: false };
  }
  const extraTimeMinutes = await repo.extraTimeMinutes(deps.db, access.klass.id, profileId);
  const inserted = await openSitting(deps, {
    ...sittingKey,
    schoolId: access.klass.school_id,
    startedAt: deps.clock.now(),
    extraTimeMinutes,
  });
  // Another start won the race: answer the sitting it opened.
  const sitting = inserted ?? (await repo.currentSitting(deps.db, sittingKey));
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
  if (own && access.studentProfileId === null) {
    throw new AppError('forbidden', 'Only students of the class have a sitting; pass profile_id to read one.');
  }
  if (!own) authorize(actor, 'class.teach', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  const profileId = own ? access.studentProfileId! : key.profileId!;
  if (!own && !(await repo.isOnRoster(deps.db, access.klass.id, access.klass.school_id, profileId))) {
    throw new AppError('not_found', 'No such student in this class.');
  }
  const current = await repo.currentSitting(deps.db, { examId: exam.id, classId: access.klass.id, profileId });
  if (!current) return null; // not started yet
  const sitting = await closeIfExpired(deps, current, exam);
  return sittingView(deps, sitting, exam, own ? 'student' : 'marker');
}

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
    repo.releasedAt(deps.db, q.classId, q.examId),
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

/**
 * A sitting the actor may answer and submit: their own (they must still be on the class's roster), or, when a teacher
 * is transcribing it from paper, only those who may teach the class. 403 for anyone else.
 */
async function requireAnswerableSitting(deps: AppDeps, actor: Actor, sittingId: number) {
  const sitting = await repo.findSitting(deps.db, sittingId);
  if (!sitting) throw new AppError('not_found', 'No such sitting.');
  const access = await loadClassAccess(deps, actor, sitting.classId);
  if (sitting.transcribedBy !== null) {
    // The paper's answers are the teacher's to enter; the student's own screen does not write into them.
    authorize(actor, 'class.teach', access);
    return { sitting, transcriber: true };
  }
  if (access.studentProfileId !== sitting.profileId) throw new AppError('forbidden');
  return { sitting, transcriber: false };
}

/** The answer in the shape its question's type expects, cleaned; 400 naming the fields at fault otherwise. */
async function checkAnswer(
  deps: AppDeps,
  actor: Actor,
  sitting: repo.SittingRow,
  exam: repo.ExamRow,
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
  const { sitting, transcriber } = await requireAnswerableSitting(deps, actor, key.sittingId);
  const row = await repo.findQuestion(deps.db, sitting.examId, key.questionId);
  if (!row) throw new AppError('not_found', 'No such question in this exam.');
  const exam = (await repo.findExam(deps.db, sitting.examId))!;
  const answer = await checkAnswer(deps, actor, sitting, exam, questionOf(row), body.answer);
  const now = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    const current = (await repo.lockSitting(tx, sitting.id, 'share'))!;
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
  const { sitting, transcriber } = await requireAnswerableSitting(deps, actor, sittingId);
  const exam = (await repo.findExam(deps.db, sitting.examId))!;
  const submitted = await submitInTransaction(deps, {
    sittingId: sitting.id,
    exam,
    actorUserId: actor.userId,
    checkLock: !transcriber,
  });
  return sittingView(deps, submitted, exam, transcriber ? 'marker' : 'student');
}

/** The submit itself (see submitSitting); `actorUserId` null for an automatic submit when time ran out. */
async function submitInTransaction(
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
  const sitting = await repo.findSitting(deps.db, key.sittingId);
  if (!sitting) throw new AppError('not_found', 'No such sitting.');
  if (!can(actor, 'class.teach', await loadClassAccess(deps, actor, sitting.classId))) throw new AppError('forbidden');
  const question = await repo.findQuestion(deps.db, sitting.examId, key.questionId);
  if (!question) throw new AppError('not_found', 'No such question in this exam.');
  const marks = Number(question.marks);
  if (body.marks_awarded > marks) {
    throw new AppError('validation_failed', undefined, { errors: { marks_awarded: [`At most ${marks}.`] } });
  }
  const feedback = body.feedback === undefined ? undefined : sanitizeRichText(body.feedback);
  const marked = await deps.db.transaction(async (tx) => {
    const current = (await repo.lockSitting(tx, sitting.id, 'share'))!;
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

// ---------------------------------------------------------------------------------------------------------------
// Accepting an alternative answer

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

const sameMark = (row: repo.AnswerRow, status: MarkStatus, marksAwarded: number | null) =>
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
  const found = await repo.findQuestion(deps.db, exam.id, key.questionId);
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

// ---------------------------------------------------------------------------------------------------------------
// Locks and extra time

/** The exam's lock in a class (spec §4), for members of the class. No lock set is OPEN. */
export async function getLock(deps: AppDeps, actor: Actor, key: ClassExamKey): Promise<ExamLock> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.view', access);
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  return presentLock(access.klass.id, exam.id, await repo.lockStatus(deps.db, access.klass.id, exam.id));
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

/** Ids of the exams a teacher has locked in a class (for progress data: locked_exam_ids, is_locked). */
export async function lockedExamIds(deps: AppDeps, classId: number): Promise<number[]> {
  return repo.lockedExamIds(deps.db, classId);
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
  if (!(await repo.isOnRoster(deps.db, klass.id, klass.school_id, key.profileId))) {
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

// ---------------------------------------------------------------------------------------------------------------
// The actor's classes for an exam page

/**
 * The actor's classes on the exam's course (a student on the roster or a teacher), with the lock, the release and
 * the student's current sitting in each: what the exam pages (which carry no class in their path) start from.
 * 403 for those with no class on the course; 404 for an exam students may not see.
 */
export async function examClasses(deps: AppDeps, actor: Actor, examId: number): Promise<ExamClasses> {
  const exam = await repo.findExam(deps.db, examId);
  if (!exam) throw new AppError('not_found', 'No such exam.');
  const rows = await repo.examClassesOf(deps.db, { userId: actor.userId, courseId: exam.courseId, examId });
  if (!rows.length) throw new AppError('forbidden');
  const listed = isExamListed({ is_published: exam.isPublished, is_submittable: exam.isSubmittable });
  if (!listed && !rows.some((r) => r.teaches)) throw new AppError('not_found', 'No such exam.');
  const classes = await Promise.all(
    rows.map(async (r) => {
      const found =
        !r.teaches && r.profile_id !== null
          ? await repo.currentSitting(deps.db, { examId, classId: r.class_id, profileId: r.profile_id })
          : null;
      const sitting = found && (await closeIfExpired(deps, found, exam));
      return {
        class_id: r.class_id,
        name: r.title,
        teaches: r.teaches,
        is_locked: r.is_locked,
        released_at: r.released_at === null ? null : new Date(r.released_at).toISOString(),
        extra_time_minutes: r.teaches ? 0 : (r.extra_time_minutes ?? 0),
        sitting: sitting
          ? {
              id: sitting.id,
              status: sitting.status,
              submitted_at: sitting.submittedAt && new Date(sitting.submittedAt).toISOString(),
            }
          : null,
      };
    }),
  );
  return { exam_id: exam.id, classes };
}

// ---------------------------------------------------------------------------------------------------------------
// Marking by question, releasing results, transcribing a paper

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
  const question = await repo.findQuestion(deps.db, exam.id, key.questionId);
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
    const before = await repo.releasedAt(tx, klass.id, exam.id);
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
  if (!(await repo.isOnRoster(deps.db, klass.id, klass.school_id, key.profileId))) {
    throw new AppError('not_found', 'No such student in this class.');
  }
  const sittingKey = { examId: exam.id, classId: klass.id, profileId: key.profileId };
  const open = await repo.findOpenSitting(deps.db, sittingKey);
  if (open && open.transcribedBy === null) {
    throw new AppError('conflict', 'This student has the exam open on screen. Ask them to submit it first.');
  }
  if (open) return { sitting: await sittingView(deps, open, exam, 'marker'), created: false };
  if (exam.kind === 'exam') {
    const done = await repo.currentSitting(deps.db, sittingKey);
    if (done) return { sitting: await sittingView(deps, done, exam, 'marker'), created: false };
  }
  const inserted = await openSitting(deps, {
    ...sittingKey,
    schoolId: klass.school_id,
    startedAt: deps.clock.now(),
    extraTimeMinutes: 0,
    transcribedBy: actor.userId,
  });
  const sitting = inserted ?? (await repo.currentSitting(deps.db, sittingKey));
  if (!sitting) throw new AppError('conflict', 'The sitting changed while starting. Try again.');
  return { sitting: await sittingView(deps, sitting, exam, 'marker'), created: !!inserted };
}

// ---------------------------------------------------------------------------------------------------------------
// Mistakes, grok and notes (a student's review of a submitted sitting)

async function requireStudentOfClass(deps: AppDeps, actor: Actor, key: ClassExamKey) {
  const access = await loadClassAccess(deps, actor, key.classId);
  if (access.studentProfileId === null) throw new AppError('forbidden', 'Only students of the class review it.');
  const exam = await requireExamInClass(deps, actor, access, key.examId);
  return { access, exam, profileId: access.studentProfileId };
}

/**
 * The questions the student lost marks on in their last submitted sitting (as they see it: teacher marks count once
 * released), with whether each is grokked, and their notes on the exam's questions. 404 before a submission.
 */
export async function mistakes(deps: AppDeps, actor: Actor, key: ClassExamKey): Promise<Mistakes> {
  const { access, exam, profileId } = await requireStudentOfClass(deps, actor, key);
  const sittingKey = { examId: exam.id, classId: access.klass.id, profileId };
  const open = await repo.findOpenSitting(deps.db, sittingKey);
  if (open) await closeIfExpired(deps, open, exam);
  const sitting = await repo.lastSubmittedSitting(deps.db, sittingKey);
  if (!sitting) throw new AppError('not_found', 'This exam has not been submitted yet.');
  const [answers, questions, releasedAt, notes] = await Promise.all([
    repo.answersOf(deps.db, sitting.id),
    repo.questionsOf(deps.db, exam.id),
    repo.releasedAt(deps.db, access.klass.id, exam.id),
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
async function requireReviewableQuestion(deps: AppDeps, actor: Actor, key: ClassExamKey & { questionId: number }) {
  const found = await requireStudentOfClass(deps, actor, key);
  const question = await repo.findQuestion(deps.db, found.exam.id, key.questionId);
  if (!question) throw new AppError('not_found', 'No such question in this exam.');
  const submitted = await repo.lastSubmittedSitting(deps.db, {
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
  const { access, profileId, question } = await requireReviewableQuestion(deps, actor, key);
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
  const { access, profileId, question } = await requireReviewableQuestion(deps, actor, key);
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

// ---------------------------------------------------------------------------------------------------------------
// Demo question sets: signed out, nothing stored

async function requireDemoQuestionSet(deps: AppDeps, examId: number): Promise<repo.ExamRow> {
  const exam = await repo.findExam(deps.db, examId);
  if (!exam || !(await repo.isDemoQuestionSet(deps.db, examId))) throw new AppError('not_found', 'No such demo.');
  return exam;
}

/** A demo lesson's question set, without solutions (anyone, signed in or not). */
export async function demoQuestionSet(deps: AppDeps, examId: number): Promise<ExamView> {
  const exam = await requireDemoQuestionSet(deps, examId);
  const [sections, questions] = await Promise.all([
    repo.sectionsOf(deps.db, exam.id),
    repo.questionsOf(deps.db, exam.id),
  ]);
  return presentExam(exam, sections, questions, false);
}

/**
 * Marks one answer to a demo question set's question and answers the mark with the solution; nothing is stored.
 * Questions marked by hand (extended response, activity) answer needs_marking with the worked solution.
 */
export async function demoCheck(deps: AppDeps, examId: number, body: DemoCheckBody): Promise<DemoCheck> {
  const exam = await requireDemoQuestionSet(deps, examId);
  const row = await repo.findQuestion(deps.db, exam.id, body.question_id);
  if (!row) throw new AppError('not_found', 'No such question in this exam.');
  const question = questionOf(row);
  if (question.type === 'activity') {
    throw new AppError('validation_failed', undefined, {
      errors: { answer: ['Activities are not part of the demo. Sign in to do them.'] },
    });
  }
  const parsed = answerSchemaByType[question.type].safeParse(body.answer);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      (errors[['answer', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
    }
    throw new AppError('validation_failed', undefined, { errors });
  }
  const result = markObjective(question, parsed.data);
  const view = presentQuestion(row, true);
  return {
    question_id: row.id,
    mark_status: result.status,
    marks_awarded: result.marks_awarded,
    solution: view.solution!,
  };
}
