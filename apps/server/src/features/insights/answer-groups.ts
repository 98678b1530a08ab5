import type { ExamAnswer, ExamQuestion, QuestionType } from '@banksia/contracts/exams';
import { objectiveQuestionTypes } from '@banksia/contracts/exams';
import type { AnswerGroup } from '@banksia/contracts/insights';
import { normaliseAnswerText, normaliseUnit, parseNumberAnswer } from '@banksia/contracts/rules/answer-normalise';
import { stripMarkup } from '../../platform/sanitize';

// Grouping students' answers to one objective question: answers that mark the same are one group, whatever the
// spelling ("Canberra." and "canberra", "3,5 cm" and "3.5cm", the same options ticked in another order).

/** Whether a question type is marked automatically at submit. */
export function isAutoMarked(type: QuestionType): boolean {
  return (objectiveQuestionTypes as readonly QuestionType[]).includes(type);
}

/** Plain text of HTML, with runs of whitespace as one space. */
export function plainText(html: string): string {
  return stripMarkup(html).replace(/\s+/g, ' ').trim();
}

/** Option id → plain text of a multiple-choice question's options (empty for other types). */
export function optionTexts(question: ExamQuestion): Map<string, string> {
  if (question.type !== 'multiple_choice') return new Map();
  return new Map(question.options.map((option) => [option.id, plainText(option.text)]));
}

/**
 * The key under which an answer groups with the answers that mean the same, and its label as typed (trimmed); null
 * when the answer is empty or not of the question's type (extended responses and activities are never grouped).
 */
export function answerKey(
  question: ExamQuestion,
  answer: ExamAnswer | null,
  options: Map<string, string> = optionTexts(question),
): { key: string; label: string } | null {
  if (!answer) return null;
  switch (question.type) {
    case 'multiple_choice': {
      if (!('option_ids' in answer) || !answer.option_ids.length) return null;
      // Options in the question's order, so a label reads like the question.
      const order = question.options.map((o) => o.id);
      const ids = [...new Set(answer.option_ids)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return { key: ids.join('\u0000'), label: ids.map((id) => options.get(id) ?? id).join('; ') };
    }
    case 'short_text': {
      if (!('text' in answer)) return null;
      const key = normaliseAnswerText(answer.text, { caseSensitive: question.case_sensitive ?? false });
      return key === '' ? null : { key, label: answer.text.trim() };
    }
    case 'numeric': {
      if (!('value' in answer)) return null;
      const parsed = parseNumberAnswer(answer.value);
      if (parsed) {
        const unit = parsed.unit === null ? '' : normaliseUnit(parsed.unit);
        return { key: `n:${parsed.value}|${unit}`, label: answer.value.trim() };
      }
      const key = normaliseAnswerText(answer.value);
      return key === '' ? null : { key: `t:${key}`, label: answer.value.trim() };
    }
    case 'maths_expression': {
      if (!('latex' in answer)) return null;
      const key = normaliseAnswerText(answer.latex).replace(/\s+/g, '');
      return key === '' ? null : { key, label: answer.latex.trim() };
    }
    case 'extended_response':
    case 'activity':
      return null;
  }
}

/**
 * Groups answers that mean the same, most common first (ties: the one seen first). Each group is labelled with its
 * most common spelling and is `correct` when most of its answers were marked fully right (they all are, unless a
 * teacher changed a mark by hand).
 */
export function groupAnswers(
  question: ExamQuestion,
  answers: readonly { answer: ExamAnswer | null; correct: boolean }[],
  limit: number,
): AnswerGroup[] {
  const options = optionTexts(question);
  const groups = new Map<string, { count: number; right: number; labels: Map<string, number>; first: number }>();
  answers.forEach(({ answer, correct }, index) => {
    const keyed = answerKey(question, answer, options);
    if (!keyed) return;
    let group = groups.get(keyed.key);
    if (!group) {
      group = { count: 0, right: 0, labels: new Map(), first: index };
      groups.set(keyed.key, group);
    }
    group.count += 1;
    if (correct) group.right += 1;
    group.labels.set(keyed.label, (group.labels.get(keyed.label) ?? 0) + 1);
  });
  return [...groups.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, limit)
    .map((group) => ({
      label: [...group.labels.entries()].sort((a, b) => b[1] - a[1])[0]![0],
      count: group.count,
      correct: group.right * 2 > group.count,
    }));
}

/** An answer as plain text for a list of students' answers; null when there is none to show as text. */
export function answerText(question: ExamQuestion, answer: ExamAnswer | null): string | null {
  if (!answer) return null;
  if (question.type === 'activity') return 'activity_response_id' in answer ? 'Activity response' : null;
  if (question.type === 'extended_response') return null;
  return answerKey(question, answer)?.label ?? null;
}
