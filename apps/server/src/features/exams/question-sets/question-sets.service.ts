import { answerSchemaByType } from '@banksia/contracts/exams';
import { markObjective } from '@banksia/contracts/rules/answer-marking';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { type DemoCheck, type DemoCheckBody, type ExamView } from '@banksia/contracts/exam-api';
import {
  type ExamRow,
  findExam,
  sectionsOf,
  questionsOf,
  findQuestion,
  presentQuestion,
  presentExam,
  questionOf,
} from '../shared/index';
import * as repo from './question-sets.repository';

async function requireDemoQuestionSet(deps: AppDeps, examId: number): Promise<ExamRow> {
  const exam = await findExam(deps.db, examId);
  if (!exam || !(await repo.isDemoQuestionSet(deps.db, examId))) throw new AppError('not_found', 'No such demo.');
  return exam;
}

/** A demo lesson's question set, without solutions (anyone, signed in or not). */
export async function demoQuestionSet(deps: AppDeps, examId: number): Promise<ExamView> {
  const exam = await requireDemoQuestionSet(deps, examId);
  const [sections, questions] = await Promise.all([sectionsOf(deps.db, exam.id), questionsOf(deps.db, exam.id)]);
  return presentExam(exam, sections, questions, false);
}

/**
 * Marks one answer to a demo question set's question and answers the mark with the solution; nothing is stored.
 * Questions marked by hand (extended response, activity) answer needs_marking with the worked solution.
 */
export async function demoCheck(deps: AppDeps, examId: number, body: DemoCheckBody): Promise<DemoCheck> {
  const exam = await requireDemoQuestionSet(deps, examId);
  const row = await findQuestion(deps.db, exam.id, body.question_id);
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
