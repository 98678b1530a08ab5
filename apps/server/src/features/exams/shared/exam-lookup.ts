import { can } from '../../../platform/authorize';
import { showsLessonQuestions } from '@banksia/contracts/rules/features';
import type { Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { type ClassAccess } from '../../classes/index';
import * as repo from './exams.repository';
import './exams.policy';

export interface ClassExamKey {
  classId: number;
  examId: number;
}

/**
 * The exam, when it belongs to the class's course; for students (not markers) also published and submittable, as
 * the class's course lists it to them. Anything else is 404 in this class.
 */
export async function requireExamInClass(
  deps: AppDeps,
  actor: Actor,
  access: ClassAccess,
  examId: number,
): Promise<repo.ExamRow> {
  const exam = await repo.findExam(deps.db, examId);
  if (!exam || exam.courseId !== access.klass.course_id || !can(actor, 'exam.open_in_class', { access, exam })) {
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

export async function isLocked(db: Executor, classId: number, examId: number): Promise<boolean> {
  return (await repo.lockStatus(db, classId, examId)) === 'LOCKED_BY_TEACHER';
}
