import type { ExamAuthoring, ExamPlacement, SaveExamBody } from '@banksia/contracts/exam-authoring';
import type { ExamQuestion, QuestionType } from '@banksia/contracts/exams';

/** What the editor holds: a save without its revision; the place may still be unchosen for an old exam. */
export type ExamDraft = Omit<SaveExamBody, 'revision' | 'placement'> & { placement: ExamPlacement | null };
export type DraftSection = ExamDraft['sections'][number];

export function draftOf(exam: ExamAuthoring): ExamDraft {
  return {
    title: exam.title,
    kind: exam.kind,
    placement: exam.placement,
    is_submittable: exam.is_submittable,
    time_limit_minutes: exam.time_limit_minutes,
    additional_materials: exam.additional_materials,
    hide_solutions_until_release: exam.hide_solutions_until_release,
    sections: exam.sections,
  };
}

/** A new id for something the editor adds; the server maps it to a stored id on the next save. */
export function newId(prefix = 'new'): string {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(16).slice(2);
  return `${prefix}-${random.replaceAll('-', '').slice(0, 10)}`;
}

/** The draft with new section and question ids replaced by the stored ones the server answered with. */
export function remapIds(draft: ExamDraft, idMap: Record<string, string> | undefined): ExamDraft {
  if (!idMap || Object.keys(idMap).length === 0) return draft;
  return {
    ...draft,
    sections: draft.sections.map((section) => ({
      ...section,
      id: idMap[section.id] ?? section.id,
      questions: section.questions.map((q) => (idMap[q.id] ? { ...q, id: idMap[q.id]! } : q)),
    })),
  };
}

/** A question of the type with the type's fields empty, keeping id, marks, prompt and worked solution. */
export function questionOfType(
  type: QuestionType,
  base: Pick<ExamQuestion, 'id' | 'marks' | 'prompt' | 'worked_solution'>,
): ExamQuestion {
  switch (type) {
    case 'multiple_choice': {
      const first = newId('opt');
      return {
        ...base,
        type,
        options: [
          { id: first, text: '' },
          { id: newId('opt'), text: '' },
        ],
        correct_option_ids: [first],
        multiple: false,
      };
    }
    case 'short_text':
      return { ...base, type, accepted_answers: [] };
    case 'numeric':
      return { ...base, type, answer: 0, tolerance: 0 };
    case 'maths_expression':
      return { ...base, type, accepted_answers: [] };
    case 'extended_response':
      return { ...base, type, marking_guide: '' };
    case 'activity':
      return { ...base, type, activity_id: 0 };
  }
}

export function newQuestion(type: QuestionType = 'multiple_choice'): ExamQuestion {
  return questionOfType(type, { id: newId(), marks: 1, prompt: '', worked_solution: '' });
}

/** Moves the item at `from` to `to` (both in range), returning a new array. */
export function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
