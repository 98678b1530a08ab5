import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import type { ExamAnswer, ReflectionAnswer } from '@banksia/contracts/exams';
import { isBlankHtml } from '../../../components/sanitize-html';

// Reading an answer whose shape depends on its question's type (contracts' answerSchemaByType). Answers carry no
// type tag, so each reader checks for the field its type uses rather than trusting the question alone: an answer
// saved before a question changed type must not crash a page.

/** Confidence levels of a reflection, 1 to 5, with the words shown beside each number. */
export const CONFIDENCE_LABELS: Record<ReflectionAnswer['confidence'], string> = {
  1: 'Not confident',
  2: 'A little confident',
  3: 'Fairly confident',
  4: 'Confident',
  5: 'Very confident',
};

export function isReflection(answer: ExamAnswer | null): answer is ReflectionAnswer {
  return answer !== null && 'confidence' in answer;
}

export function optionIdsOf(answer: ExamAnswer | null): string[] {
  return answer && 'option_ids' in answer ? answer.option_ids : [];
}

export function textOf(answer: ExamAnswer | null): string {
  return answer && 'text' in answer ? answer.text : '';
}

export function valueOf(answer: ExamAnswer | null): string {
  return answer && 'value' in answer ? answer.value : '';
}

export function latexOf(answer: ExamAnswer | null): string {
  return answer && 'latex' in answer ? answer.latex : '';
}

export function htmlOf(answer: ExamAnswer | null): string {
  return answer && 'html' in answer ? answer.html : '';
}

export function activityResponseIdOf(answer: ExamAnswer | null): number | null {
  return answer && 'activity_response_id' in answer ? answer.activity_response_id : null;
}

/**
 * Whether an answer says anything: what the question list counts as answered, and what the submit dialog warns
 * about. Blank text, an empty editor or no option chosen is not an answer. In a reflective set only a chosen
 * confidence counts (what to revisit may be left empty).
 */
export function isAnswered(question: ExamQuestionView, answer: ExamAnswer | null, reflective = false): boolean {
  if (answer === null) return false;
  if (reflective) return isReflection(answer);
  switch (question.type) {
    case 'multiple_choice':
      return optionIdsOf(answer).length > 0;
    case 'short_text':
      return textOf(answer).trim() !== '';
    case 'numeric':
      return valueOf(answer).trim() !== '';
    case 'maths_expression':
      return latexOf(answer).trim() !== '';
    case 'extended_response':
      return !isBlankHtml(htmlOf(answer));
    case 'activity':
      return activityResponseIdOf(answer) !== null;
  }
}

/** "1 mark", "2 marks", "1.5 marks". */
export function marksLabel(marks: number): string {
  return `${formatMarks(marks)} ${marks === 1 ? 'mark' : 'marks'}`;
}

/** A mark as people write it: whole numbers without decimals, halves as 1.5. */
export function formatMarks(marks: number): string {
  return Number.isInteger(marks) ? String(marks) : String(Math.round(marks * 100) / 100);
}

/**
 * MathLive's LaTeX made readable by KaTeX: an empty box MathLive leaves (`\placeholder{}`) is drawn as a square.
 */
export function displayableLatex(latex: string): string {
  return latex.replace(/\\placeholder(?:\[[^\]]*\])?\{[^}]*\}/g, '\\square');
}
