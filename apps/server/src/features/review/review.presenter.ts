import type { ExamQuestionView, QuestionSolution } from '@banksia/contracts/exam-api';
import { questionForStudent, questionSolution } from '../exams/index';
import type { QuestionRow } from './review.repository';

// A review question is shown as the exams pages show it: the exams feature alone decides what gives an answer away.

/** The question to answer: no answer key and no solution. */
export function presentReviewQuestion(row: QuestionRow): ExamQuestionView {
  return questionForStudent(row);
}

/** The worked solution and answer key, shown once the student has answered. */
export function presentSolution(row: QuestionRow): QuestionSolution {
  return questionSolution(row);
}
