import type { ExamQuestionView, ExamView } from '@banksia/contracts/exam-api';

export type ExamSectionView = ExamView['sections'][number];

/** The exam's sections in order, each with its questions in order. */
export function orderedSections(exam: ExamView): ExamSectionView[] {
  return [...exam.sections]
    .sort((a, b) => a.position - b.position)
    .map((section) => ({ ...section, questions: [...section.questions].sort((a, b) => a.position - b.position) }));
}

/** Every question of the exam in the order it is sat. */
export function orderedQuestions(exam: ExamView): ExamQuestionView[] {
  return orderedSections(exam).flatMap((section) => section.questions);
}

/** Each question's number as the student sees it: 1, 2, 3… through the whole exam, not restarting per section. */
export function questionNumbers(exam: ExamView): ReadonlyMap<number, number> {
  return new Map(orderedQuestions(exam).map((question, index) => [question.id, index + 1]));
}

/** A section's total marks. */
export function sectionMarks(section: ExamSectionView): number {
  return section.questions.reduce((sum, question) => sum + question.marks, 0);
}

/** "1 question", "3 questions". */
export function plural(count: number, word: string): string {
  return `${count} ${count === 1 ? word : `${word}s`}`;
}

export const KIND_LABELS: Record<ExamView['kind'], string> = {
  exam: 'Exam',
  question_set: 'Question set',
  reflective_question_set: 'Reflection',
};
