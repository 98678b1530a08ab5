import { type ExamQuestion, examQuestionSchema } from '@banksia/contracts/exams';
import type { ExamQuestionDefinition } from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { sanitizeRichText } from '../../../platform/sanitize';
import { type QuestionSolution, type ExamQuestionView } from '@banksia/contracts/exam-api';
import * as repo from './exams.repository';
import { presentQuestion, solutionOf } from './exams.presenter';

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

/** A stored question as the contracts define it (for marking): its columns and its definition together. */
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
