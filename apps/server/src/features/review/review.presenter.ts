import type { ExamQuestionView, QuestionSolution } from '@banksia/contracts/exam-api';
import type { ExamQuestionDefinition } from '../../db/schema/index';
import type { QuestionRow } from './review.repository';

// A review question as the exams pages show it (contracts' examQuestionView). Fields are listed type by type, as
// the exams presenter does, so nothing that gives the answer away leaves before the student has answered.

function publicFields(d: ExamQuestionDefinition): Partial<ExamQuestionView> {
  switch (d.type) {
    case 'multiple_choice':
      return { options: d.options, multiple: d.multiple, ...(d.partial === undefined ? {} : { partial: d.partial }) };
    case 'numeric':
      return {
        ...(d.unit === undefined ? {} : { unit: d.unit }),
        ...(d.unit_required === undefined ? {} : { unit_required: d.unit_required }),
      };
    case 'maths_expression':
      return d.variables === undefined ? {} : { variables: d.variables };
    case 'activity':
      return { activity_id: d.activity_id };
    case 'short_text':
    case 'extended_response':
      return {};
  }
}

/** The worked solution and answer key, shown once the student has answered. */
export function presentSolution(row: QuestionRow): QuestionSolution {
  const d = row.definition;
  const key = ((): Omit<QuestionSolution, 'worked_solution'> => {
    switch (d.type) {
      case 'multiple_choice':
        return { correct_option_ids: d.correct_option_ids };
      case 'short_text':
        return {
          accepted_answers: d.accepted_answers,
          ...(d.case_sensitive === undefined ? {} : { case_sensitive: d.case_sensitive }),
        };
      case 'numeric':
        return {
          answer: d.answer,
          tolerance: d.tolerance,
          ...(d.accepted_units === undefined ? {} : { accepted_units: d.accepted_units }),
          ...(d.accepted_values === undefined ? {} : { accepted_values: d.accepted_values }),
        };
      case 'maths_expression':
        return { accepted_answers: d.accepted_answers };
      case 'extended_response':
      case 'activity':
        return {};
    }
  })();
  return { worked_solution: row.workedSolution, ...key };
}

/** The question to answer: no answer key and no solution. */
export function presentReviewQuestion(row: QuestionRow): ExamQuestionView {
  return {
    id: row.id,
    section_id: row.sectionId,
    position: row.position,
    type: row.definition.type,
    marks: Number(row.marks),
    prompt: row.prompt,
    ...publicFields(row.definition),
    solution: null,
  };
}
