import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import { objectiveQuestionTypes } from '@banksia/contracts/exams';
import dayjs from 'dayjs';

/** "1 answer", "3 answers". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The text of rich-text HTML without its markup, for a one-line excerpt or an option in a select. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters of `text`, cut at a word with an ellipsis. */
export function excerpt(text: string, max = 90): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "3 Jun, 2:15 pm". */
export function formatWhen(iso: string): string {
  return dayjs(iso).format('D MMM, h:mm a');
}

export const questionTypeLabels: Record<ExamQuestionView['type'], string> = {
  multiple_choice: 'Multiple choice',
  short_text: 'Short answer',
  numeric: 'Numeric',
  maths_expression: 'Maths expression',
  extended_response: 'Extended response',
  activity: 'Activity',
};

/** Questions a teacher marks by hand; the others are marked at submit and can take an alternative answer. */
export function isMarkedByHand(type: ExamQuestionView['type']): boolean {
  return !(objectiveQuestionTypes as readonly string[]).includes(type);
}

/** Every question of the exam in order, with its number in the exam (1, 2, 3… across sections). */
export function numberedQuestions<Q extends { id: number }>(
  sections: readonly { id: number; title: string; questions: readonly Q[] }[],
): { question: Q; number: number; sectionId: number; sectionTitle: string }[] {
  let number = 0;
  return sections.flatMap((section) =>
    section.questions.map((question) => ({
      question,
      number: (number += 1),
      sectionId: section.id,
      sectionTitle: section.title,
    })),
  );
}

/**
 * People in the order a teacher reads a list: by last name, then first. With names hidden the list is put in the
 * pseudonyms' order, so its order does not give away the real names' (alphabetical by real surname).
 */
export function byName<T extends { first_name: string; last_name: string }>(people: readonly T[]): T[] {
  return [...people].sort(
    (a, b) =>
      a.last_name.localeCompare(b.last_name, undefined, { sensitivity: 'base' }) ||
      a.first_name.localeCompare(b.first_name, undefined, { sensitivity: 'base' }),
  );
}
