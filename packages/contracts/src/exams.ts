import { z } from 'zod';
import { idValue } from './ids';
import { examLockStatuses } from './rules/exam-lock';

// Exam questions and answers. Marking lives in rules/answer-marking.ts; this file stays free of the maths engine so
// the web app can import the schemas without loading it.

/** Question types of an exam (exams issue). */
export const questionTypes = [
  'multiple_choice',
  'short_text',
  'numeric',
  'maths_expression',
  'extended_response',
  'activity',
] as const;
export const questionTypeSchema = z.enum(questionTypes);
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** Types marked automatically at submit; the others wait for a teacher. */
export const objectiveQuestionTypes = [
  'multiple_choice',
  'short_text',
  'numeric',
  'maths_expression',
] as const satisfies readonly QuestionType[];

/** Longest typed answer accepted; also bounds the work the maths engine does on one answer. */
export const MAX_TYPED_ANSWER_LENGTH = 1000;
/** Longest extended response (HTML). */
export const MAX_HTML_ANSWER_LENGTH = 200_000;

const html = z.string().max(MAX_HTML_ANSWER_LENGTH);
const nonEmpty = z.string().trim().min(1).max(MAX_TYPED_ANSWER_LENGTH);
// Question and option ids are short strings made by the editor, like Editor.js block ids, so they are stable
// before the exam is first saved.
const localId = z.string().min(1).max(100);

const questionBase = z.object({
  id: localId,
  marks: z.number().positive(),
  prompt: html,
  worked_solution: html,
});

export const multipleChoiceQuestionSchema = questionBase
  .extend({
    type: z.literal('multiple_choice'),
    options: z.array(z.object({ id: localId, text: html })).min(2),
    /**
     * One choice: any of these is right (more than one only once a teacher accepts an alternative).
     * Many choices: exactly this set is right.
     */
    correct_option_ids: z.array(localId).min(1),
    multiple: z.boolean(),
    /** Many choices only: award marks in proportion (right picks minus wrong picks) instead of all or nothing. */
    partial: z.boolean().optional(),
  })
  .superRefine((question, ctx) => {
    const ids = question.options.map((option) => option.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Option ids repeat.' });
    for (const [index, id] of question.correct_option_ids.entries()) {
      if (!ids.includes(id)) {
        ctx.addIssue({ code: 'custom', path: ['correct_option_ids', index], message: 'Not one of the options.' });
      }
    }
  });

export const shortTextQuestionSchema = questionBase.extend({
  type: z.literal('short_text'),
  accepted_answers: z.array(nonEmpty).min(1),
  case_sensitive: z.boolean().optional(),
});

export const numericQuestionSchema = questionBase.extend({
  type: z.literal('numeric'),
  answer: z.number().finite(),
  /** Absolute: a value within answer ± tolerance (inclusive) is right. */
  tolerance: z.number().finite().nonnegative(),
  /** Shown beside the answer box; a typed unit must be this or one of accepted_units. */
  unit: nonEmpty.optional(),
  /** Other spellings of the unit, e.g. "centimetres" for "cm"; values are never converted between units. */
  accepted_units: z.array(nonEmpty).optional(),
  /** When true an answer without a unit is wrong; by default the unit beside the box is assumed. */
  unit_required: z.boolean().optional(),
  /** Further right values, each with the same tolerance; added when a teacher accepts an alternative. */
  accepted_values: z.array(z.number().finite()).optional(),
});

export const mathsExpressionQuestionSchema = questionBase.extend({
  type: z.literal('maths_expression'),
  /** LaTeX (what MathLive produces) or ASCII maths such as "2(x+1)" or "sqrt(x)/2". */
  accepted_answers: z.array(nonEmpty).min(1),
  /** The letters an answer may use; when given, an answer with any other free symbol is wrong. */
  variables: z.array(z.string().min(1).max(20)).optional(),
});

export const extendedResponseQuestionSchema = questionBase.extend({
  type: z.literal('extended_response'),
  /** What earns the marks (sanitised HTML): shown to markers, and with the worked solution once students see it. */
  marking_guide: html.optional(),
});

export const activityQuestionSchema = questionBase.extend({
  type: z.literal('activity'),
  activity_id: idValue,
});

/** One exam question, checked against the fields of its type. */
export const examQuestionSchema = z.discriminatedUnion('type', [
  multipleChoiceQuestionSchema,
  shortTextQuestionSchema,
  numericQuestionSchema,
  mathsExpressionQuestionSchema,
  extendedResponseQuestionSchema,
  activityQuestionSchema,
]);
export type ExamQuestion = z.infer<typeof examQuestionSchema>;
/** The question of one type, e.g. `QuestionOf<'numeric'>`. */
export type QuestionOf<T extends QuestionType> = Extract<ExamQuestion, { type: T }>;

// Answers carry no type tag: the question they answer says which shape to expect.

export const multipleChoiceAnswerSchema = z.object({ option_ids: z.array(localId).max(100) });
export const shortTextAnswerSchema = z.object({ text: z.string().max(MAX_TYPED_ANSWER_LENGTH) });
/** The number as typed: it may hold a unit, a decimal comma or thousands separators. */
export const numericAnswerSchema = z.object({ value: z.string().max(MAX_TYPED_ANSWER_LENGTH) });
export const mathsExpressionAnswerSchema = z.object({ latex: z.string().max(MAX_TYPED_ANSWER_LENGTH) });
/** Sanitised HTML, as for rich-text activity blocks. */
export const extendedResponseAnswerSchema = z.object({ html });
export const activityAnswerSchema = z.object({ activity_response_id: idValue });

/** The answer shape each question type expects. */
export const answerSchemaByType = {
  multiple_choice: multipleChoiceAnswerSchema,
  short_text: shortTextAnswerSchema,
  numeric: numericAnswerSchema,
  maths_expression: mathsExpressionAnswerSchema,
  extended_response: extendedResponseAnswerSchema,
  activity: activityAnswerSchema,
} as const satisfies Record<QuestionType, z.ZodType>;

/** The answer to one question of a type, e.g. `AnswerOf<'numeric'>` is `{ value: string }`. */
export type AnswerOf<T extends QuestionType> = z.infer<(typeof answerSchemaByType)[T]>;

/** A student's self-reflection in a reflective question set; it is never scored. */
export const reflectionAnswerSchema = z.object({
  /** 1 = not at all confident, 5 = very confident. */
  confidence: z.number().int().min(1).max(5),
  /** What the student wants to revisit, in their words (may be empty). */
  revisit: z.string().max(MAX_TYPED_ANSWER_LENGTH),
});
export type ReflectionAnswer = z.infer<typeof reflectionAnswerSchema>;

/**
 * Any answer; validate it with `answerSchemaByType[question.type]` to know which (in a reflective question set, every
 * answer is a reflectionAnswerSchema whatever the question's type).
 */
export const examAnswerSchema = z.union([
  multipleChoiceAnswerSchema,
  shortTextAnswerSchema,
  numericAnswerSchema,
  mathsExpressionAnswerSchema,
  extendedResponseAnswerSchema,
  activityAnswerSchema,
  reflectionAnswerSchema,
]);
export type ExamAnswer = z.infer<typeof examAnswerSchema>;

/** Outcomes of marking one answer. */
export const markStatuses = ['correct', 'incorrect', 'partially_correct', 'needs_marking', 'unanswered'] as const;
export const markStatusSchema = z.enum(markStatuses);
export type MarkStatus = z.infer<typeof markStatusSchema>;

/** The mark of one answer: marks_awarded is null while a teacher still has to mark it. */
export const markResultSchema = z.object({
  status: markStatusSchema,
  marks_awarded: z.number().nonnegative().nullable(),
});
export type MarkResult = z.infer<typeof markResultSchema>;

/** The lock of an exam in a class (spec §4, api:class-exam-lock): `is_locked` is the same fact as `status`. */
export const classExamLockSchema = z.object({
  class_id: z.number().int(),
  exam_id: z.number().int(),
  status: z.enum(examLockStatuses),
  is_locked: z.boolean(),
});
export type ClassExamLock = z.infer<typeof classExamLockSchema>;
