import type { ExamQuestionView, ExamView } from '@banksia/contracts/exam-api';

/** A question with its number in the set (1, 2…), as the pages and navigation name it. */
export interface NumberedQuestion {
  number: number;
  question: ExamQuestionView;
}

/** The set's questions in order (sections, then questions, by position), numbered from 1 across sections. */
export function numberedQuestions(exam: Pick<ExamView, 'sections'>): NumberedQuestion[] {
  return [...exam.sections]
    .sort((a, b) => a.position - b.position)
    .flatMap((section) => [...section.questions].sort((a, b) => a.position - b.position))
    .map((question, i) => ({ number: i + 1, question }));
}

/** "1", "1 and 3", "1, 3 and 4": question numbers for a sentence. */
export function listNumbers(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/** The first words of a rich-text prompt as plain text, for lists of questions. */
export function promptExcerpt(html: string, max = 90): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
