import type { ExamQuestionDefinition } from '../../../db/schema/index';
import type { AnswerRow, ExamRow, QuestionRow, SectionRow, SittingRow } from './exams.repository';
import type { ExamQuestionView, ExamView, QuestionSolution, Sitting, SittingAnswer } from '@banksia/contracts/exam-api';

export const iso = (value: Date | string) => new Date(value).toISOString();

export const optionalIso = (value: Date | string | null) => (value === null ? null : iso(value));

// numeric(8,2) arrives as "42.00"; marks are numbers in the API, except the summary's marks_total (spec §3).
export const num = (value: string) => Number(value);
export const roundMarks = (marks: number) => Math.round(marks * 100) / 100;

/**
 * What a person answering the question needs: each type's fields are listed one by one, so nothing that gives the
 * answer away (correct options, accepted answers, values, tolerances, units accepted) leaves by default.
 */
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

/** The worked solution and the answer key of a question, for markers and for students who have submitted. */
export function solutionOf(row: QuestionRow): QuestionSolution {
  const d = row.definition;
  const key: Omit<QuestionSolution, 'worked_solution'> = (() => {
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
        return d.marking_guide ? { marking_guide: d.marking_guide } : {};
      case 'activity':
        return {};
    }
  })();
  return { worked_solution: row.workedSolution, ...key };
}

export function presentQuestion(row: QuestionRow, withSolution: boolean): ExamQuestionView {
  return {
    id: row.id,
    section_id: row.sectionId,
    position: row.position,
    type: row.definition.type,
    marks: num(row.marks),
    prompt: row.prompt,
    ...publicFields(row.definition),
    solution: withSolution ? solutionOf(row) : null,
  };
}

export function presentExam(
  exam: ExamRow,
  sections: SectionRow[],
  questions: QuestionRow[],
  withSolutions: boolean,
): ExamView {
  return {
    id: exam.id,
    course_id: exam.courseId,
    title: exam.title,
    kind: exam.kind,
    is_published: exam.isPublished,
    is_submittable: exam.isSubmittable,
    question_count: exam.questionCount,
    marks_total: String(num(exam.marksTotal)),
    additional_materials: exam.additionalMaterials,
    time_limit_minutes: exam.timeLimitMinutes,
    hide_solutions_until_release: exam.hideSolutionsUntilRelease,
    sections: sections.map((s) => ({
      id: s.id,
      title: s.title,
      position: s.position,
      questions: questions.filter((q) => q.sectionId === s.id).map((q) => presentQuestion(q, withSolutions)),
    })),
  };
}

export function presentAnswer(row: AnswerRow): SittingAnswer {
  return {
    question_id: row.questionId,
    answer: row.answer,
    version: row.version,
    updated_at: iso(row.updatedAt),
    mark_status: row.markStatus,
    marks_awarded: row.marksAwarded === null ? null : num(row.marksAwarded),
    feedback: row.feedback,
  };
}

/** Who reads a sitting: the student (teacher marks held back until results are released) or a marker. */
export type SittingAudience = 'student' | 'marker';

/**
 * An answer as the student sees it before their class's results are released: a teacher's mark (and feedback) is
 * held back, and the answer shows as waiting for marking.
 */
export function heldBack(row: AnswerRow): AnswerRow {
  if (row.markedBy === null && row.markStatus !== 'needs_marking') return row;
  return { ...row, markStatus: 'needs_marking', marksAwarded: null, feedback: '' };
}

export function presentSitting(s: {
  sitting: SittingRow;
  exam: ExamRow;
  answers: AnswerRow[];
  questions: QuestionRow[];
  deadline: Date | null;
  now: Date;
  released: boolean;
  audience: SittingAudience;
}): Sitting {
  const { sitting, exam } = s;
  const open = sitting.status === 'open';
  const answers = s.audience === 'student' && !s.released && !open ? s.answers.map(heldBack) : s.answers;
  const scored = exam.kind !== 'reflective_question_set';
  return {
    id: sitting.id,
    exam_id: sitting.examId,
    class_id: sitting.classId,
    profile_id: sitting.profileId,
    status: sitting.status,
    started_at: iso(sitting.startedAt),
    submitted_at: optionalIso(sitting.submittedAt),
    time_limit_minutes: sitting.transcribedBy === null ? exam.timeLimitMinutes : null,
    extra_time_minutes: sitting.extraTimeMinutes,
    deadline: s.deadline && s.deadline.toISOString(),
    time_remaining_seconds:
      s.deadline && open ? Math.max(0, Math.floor((s.deadline.getTime() - s.now.getTime()) / 1000)) : null,
    transcribed: sitting.transcribedBy !== null,
    answers: answers.map(presentAnswer),
    result: open
      ? null
      : {
          scored,
          released: s.released,
          marks_awarded: scored
            ? roundMarks(answers.reduce((sum, a) => sum + (a.marksAwarded === null ? 0 : num(a.marksAwarded)), 0))
            : 0,
          marks_total: scored ? roundMarks(s.questions.reduce((sum, q) => sum + num(q.marks), 0)) : 0,
          needs_marking: answers.filter((a) => a.markStatus === 'needs_marking').length,
        },
  };
}
