import { examSummarySchema } from './courses';
import {
  examAnswerSchema,
  markStatusSchema,
  MAX_HTML_ANSWER_LENGTH,
  MAX_TYPED_ANSWER_LENGTH,
  questionTypeSchema,
  type QuestionType,
} from './exams';
import { classExamLockSchema, type ClassExamLock } from './exams';
import { examLockStatuses, type ExamLockStatus } from './rules/exam-lock';
import { parseNumberAnswer } from './rules/answer-normalise';
import { z } from 'zod';
import { idParam, MAX_ID, idValue } from './ids';

// Route parameters, bodies and answers of the exams API, shared by the server's routes and the web app's pages.
// Question and answer shapes are in ./exams; marking rules in ./rules/answer-marking.

const id = idValue;
const isoDateTime = z.string();

export const examParams = z.object({ examId: idParam });
export const classExamParams = z.object({ classId: idParam, examId: idParam });
export const sittingParams = z.object({ sittingId: idParam });
export const classExamQuestionParams = z.object({ classId: idParam, examId: idParam, questionId: idParam });
export const sittingQuestionParams = z.object({ sittingId: idParam, questionId: idParam });
export const classStudentParams = z.object({ classId: idParam, profileId: idParam });
export const classExamStudentParams = z.object({ classId: idParam, examId: idParam, profileId: idParam });
/** Teachers read a student's sitting with ?profile_id=; without it, a student reads their own. */
export const sittingQuery = z.object({ profile_id: idParam.optional() });

/**
 * What only markers may see before a student has submitted: the worked solution and the type's answer key. Null
 * in a student's view until they have submitted a sitting of the exam.
 */
export const questionSolutionSchema = z.object({
  worked_solution: z.string(),
  correct_option_ids: z.array(z.string()).optional(),
  accepted_answers: z.array(z.string()).optional(),
  case_sensitive: z.boolean().optional(),
  answer: z.number().optional(),
  tolerance: z.number().optional(),
  accepted_units: z.array(z.string()).optional(),
  accepted_values: z.array(z.number()).optional(),
  /** Extended response: what earns the marks (HTML), for markers. */
  marking_guide: z.string().optional(),
});
export type QuestionSolution = z.infer<typeof questionSolutionSchema>;

/** A question as shown to someone sitting or reviewing the exam; the fields after `prompt` depend on the type. */
export const examQuestionViewSchema = z.object({
  id,
  section_id: id,
  position: z.number().int(),
  type: questionTypeSchema,
  marks: z.number(),
  prompt: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })).optional(),
  multiple: z.boolean().optional(),
  partial: z.boolean().optional(),
  unit: z.string().optional(),
  unit_required: z.boolean().optional(),
  variables: z.array(z.string()).optional(),
  activity_id: id.optional(),
  solution: questionSolutionSchema.nullable(),
});
export type ExamQuestionView = z.infer<typeof examQuestionViewSchema>;

export const examSectionViewSchema = z.object({
  id,
  title: z.string(),
  position: z.number().int(),
  questions: z.array(examQuestionViewSchema),
});

/** GET /api/v1/exams/{examId}/: the exam's summary (as in the assemblage), its time limit, sections and questions. */
export const examViewSchema = examSummarySchema.extend({
  course_id: id,
  /** Minutes from starting; null when the exam is not timed. */
  time_limit_minutes: z.number().int().positive().nullable(),
  /** When true, students see worked solutions and answer keys only once their class's results are released. */
  hide_solutions_until_release: z.boolean(),
  sections: z.array(examSectionViewSchema),
});
export type ExamView = z.infer<typeof examViewSchema>;

/** One answer of a sitting. Marks stay null while the sitting is open, and for answers waiting for a teacher. */
export const sittingAnswerSchema = z.object({
  question_id: id,
  answer: examAnswerSchema.nullable(),
  /** Name this version when saving again; a save naming another is a 409. */
  version: z.number().int().nonnegative().max(MAX_ID),
  updated_at: isoDateTime,
  mark_status: markStatusSchema.nullable(),
  marks_awarded: z.number().nullable(),
  feedback: z.string(),
});
export type SittingAnswer = z.infer<typeof sittingAnswerSchema>;

export const sittingStatusSchema = z.enum(['open', 'submitted']);

export const sittingResultSchema = z.object({
  /** False for reflective question sets: nothing is marked, and marks are not shown. */
  scored: z.boolean(),
  /**
   * Whether the class's teacher has released results. Until then a student's view shows answers a teacher marked
   * as needs_marking, without marks or feedback.
   */
  released: z.boolean(),
  /** Marks awarded so far (answers waiting for a teacher count 0 until marked). */
  marks_awarded: z.number(),
  marks_total: z.number(),
  /** Answers still waiting for a teacher. */
  needs_marking: z.number().int().nonnegative(),
});

export const sittingSchema = z.object({
  id,
  exam_id: id,
  class_id: id,
  profile_id: id,
  status: sittingStatusSchema,
  started_at: isoDateTime,
  submitted_at: isoDateTime.nullable(),
  time_limit_minutes: z.number().int().positive().nullable(),
  extra_time_minutes: z.number().int().nonnegative(),
  /** started_at + time limit + extra time; null when the exam is not timed. */
  deadline: isoDateTime.nullable(),
  /** Whole seconds left before the deadline (0 once passed); null when the exam is not timed or once submitted. */
  time_remaining_seconds: z.number().int().nonnegative().nullable(),
  /** True when a teacher entered the answers from the student's paper (transcribe); no time limit applies. */
  transcribed: z.boolean(),
  answers: z.array(sittingAnswerSchema),
  /** Null while the sitting is open. */
  result: sittingResultSchema.nullable(),
});
export type Sitting = z.infer<typeof sittingSchema>;

export const saveAnswerBody = z.object({
  /** In the shape the question's type expects (contracts' answerSchemaByType); checked against the question. */
  answer: z.record(z.string(), z.unknown()),
  /** The version this answer was made on: 0 for a question not answered before. */
  version: z.number().int().nonnegative().max(MAX_ID),
});
export type SaveAnswerBody = z.infer<typeof saveAnswerBody>;

export const markAnswerBody = z.object({
  /** From 0 to the question's marks. */
  marks_awarded: z.number().finite().nonnegative(),
  /** HTML, sanitised like rich text; omitted keeps the feedback already given. */
  feedback: z.string().max(MAX_HTML_ANSWER_LENGTH).optional(),
});
export type MarkAnswerBody = z.infer<typeof markAnswerBody>;

/**
 * POST …/questions/{questionId}/accept-alternative/: an answer to accept for everyone. What `alternative` holds
 * depends on the question's type (alternativeSchemaByType), so the route only bounds it and the service checks it
 * against the question.
 */
export const acceptAlternativeBody = z.object({ alternative: z.string().max(MAX_TYPED_ANSWER_LENGTH) });
export type AcceptAlternativeBody = z.infer<typeof acceptAlternativeBody>;

const typedAlternative = z.string().trim().min(1, 'Give the answer to accept.').max(MAX_TYPED_ANSWER_LENGTH);

/**
 * The alternative each question type takes: short text and maths expressions the text as a student would type it;
 * numeric questions the value as typed, with or without a unit ("12.5 cm"); multiple choice the id of an option to
 * make correct (the service checks it is one of the question's). Questions a teacher marks by hand take none.
 */
export const alternativeSchemaByType: Record<QuestionType, z.ZodType<string>> = {
  short_text: typedAlternative,
  maths_expression: typedAlternative,
  numeric: typedAlternative.refine(
    // An empty alternative is reported once, by typedAlternative.
    (value) => value === '' || parseNumberAnswer(value) !== null,
    'Not a number.',
  ),
  multiple_choice: z.string().trim().min(1, 'Give the id of the option to accept.').max(100),
  extended_response: z.never({ error: 'A question marked by hand takes no alternative answer.' }),
  activity: z.never({ error: 'A question marked by hand takes no alternative answer.' }),
};

export const acceptAlternativeResultSchema = z.object({
  /** The question with its answer key, as markers see it. */
  question: examQuestionViewSchema,
  /** Submitted answers to the question marked again (answers a teacher marked by hand are left alone). */
  remarked: z.number().int().nonnegative(),
  /** Of those, the answers whose status or marks changed. */
  changed: z.number().int().nonnegative(),
});
export type AcceptAlternativeResult = z.infer<typeof acceptAlternativeResultSchema>;

// The lock's statuses and its answer are shared with the web app (contracts).
export const examLockStatusSchema = z.enum(examLockStatuses);
export type { ExamLockStatus };
export const examLockSchema = classExamLockSchema;
export type ExamLock = ClassExamLock;

/** Spec §7 gives two readings of the call: {status} or {is_locked}. Either is accepted; both must agree. */
export const setExamLockBody = z
  .object({ status: examLockStatusSchema.optional(), is_locked: z.boolean().optional() })
  .superRefine((body, ctx) => {
    if (body.status === undefined && body.is_locked === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Give status (OPEN or LOCKED_BY_TEACHER).' });
    } else if (
      body.status !== undefined &&
      body.is_locked !== undefined &&
      body.is_locked !== (body.status === 'LOCKED_BY_TEACHER')
    ) {
      ctx.addIssue({ code: 'custom', path: ['is_locked'], message: 'Does not agree with status.' });
    }
  });
export type SetExamLockBody = z.infer<typeof setExamLockBody>;

/** Longest extra time a teacher may give: a whole day. */
export const MAX_EXTRA_TIME_MINUTES = 1440;

export const setExtraTimeBody = z.object({ minutes: z.number().int().min(0).max(MAX_EXTRA_TIME_MINUTES) });
export type SetExtraTimeBody = z.infer<typeof setExtraTimeBody>;

export const extraTimeSchema = z.object({ class_id: id, profile_id: id, minutes: z.number().int().nonnegative() });
export type ExtraTime = z.infer<typeof extraTimeSchema>;

/** Each student on the class's roster with their latest sitting of the exam (null before they start). */
export const classSittingsSchema = z.object({
  /** When the teacher released results to the class; null while they are held. */
  released_at: isoDateTime.nullable(),
  /** True when names were replaced by the day's pseudonyms (?anonymise=1). */
  anonymised: z.boolean(),
  /** Per question: submitted answers, and those still waiting for a teacher. */
  questions: z.array(
    z.object({
      question_id: id,
      submitted: z.number().int().nonnegative(),
      needs_marking: z.number().int().nonnegative(),
    }),
  ),
  students: z.array(
    z.object({
      profile_id: id,
      first_name: z.string(),
      last_name: z.string(),
      extra_time_minutes: z.number().int().nonnegative(),
      sitting: z
        .object({
          id,
          status: sittingStatusSchema,
          started_at: isoDateTime,
          submitted_at: isoDateTime.nullable(),
          /** Entered by a teacher from the student's paper. */
          transcribed: z.boolean(),
          marks_awarded: z.number(),
          needs_marking: z.number().int().nonnegative(),
        })
        .nullable(),
    }),
  ),
});
export type ClassSittings = z.infer<typeof classSittingsSchema>;

/**
 * ?anonymise=1 replaces student names with the day's pseudonyms (rules/anonymiser, distinct within the class) in a
 * teacher's answer, which is then ordered by pseudonym.
 */
export const anonymiseQuery = z.object({ anonymise: z.enum(['0', '1']).optional() });

// ---------------------------------------------------------------------------------------------------------------
// Releasing results

/** POST /api/v1/classes/{classId}/exams/{examId}/release/: release (true) or hold (false) the class's results. */
export const releaseResultsBody = z.object({ released: z.boolean() });
export type ReleaseResultsBody = z.infer<typeof releaseResultsBody>;
export const releaseResultsSchema = z.object({ class_id: id, exam_id: id, released_at: isoDateTime.nullable() });
export type ReleaseResults = z.infer<typeof releaseResultsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Marking one question across the class

/** GET /api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/responses/[?anonymise=1]: submitted answers. */
export const questionResponsesSchema = z.object({
  /** With its answer key and worked solution. */
  question: examQuestionViewSchema,
  anonymised: z.boolean(),
  responses: z.array(
    z.object({
      profile_id: id,
      first_name: z.string(),
      last_name: z.string(),
      sitting_id: id,
      submitted_at: isoDateTime,
      transcribed: z.boolean(),
      answer: examAnswerSchema.nullable(),
      mark_status: markStatusSchema.nullable(),
      marks_awarded: z.number().nullable(),
      feedback: z.string(),
      /** True once a teacher has marked it by hand (their mark is kept when an alternative is accepted). */
      marked_by_teacher: z.boolean(),
    }),
  ),
});
export type QuestionResponses = z.infer<typeof questionResponsesSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The student's review: classes, mistakes, grok and notes

/** GET /api/v1/exams/{examId}/classes/: the actor's classes on the exam's course, with their standing there. */
export const examClassesSchema = z.object({
  exam_id: id,
  classes: z.array(
    z.object({
      class_id: id,
      name: z.string(),
      /** Whether the actor teaches (marks) in this class; otherwise they are a student of it. */
      teaches: z.boolean(),
      is_locked: z.boolean(),
      released_at: isoDateTime.nullable(),
      /** The student's extra time on timed exams in this class (0 for teachers), shown before they start. */
      extra_time_minutes: z.number().int().nonnegative(),
      /** The student's current sitting there (the open one, else the last submitted); null for teachers. */
      sitting: z.object({ id, status: sittingStatusSchema, submitted_at: isoDateTime.nullable() }).nullable(),
    }),
  ),
});
export type ExamClasses = z.infer<typeof examClassesSchema>;

/** Statuses that make an answer a mistake to review. */
export const mistakeStatuses = ['incorrect', 'partially_correct', 'unanswered'] as const;

export const questionNoteSchema = z.object({
  question_id: id,
  /** Sanitised HTML. */
  body: z.string(),
  /** Name this version when saving again; a save naming another is a 409. */
  version: z.number().int().nonnegative().max(MAX_ID),
  updated_at: isoDateTime,
});
export type QuestionNote = z.infer<typeof questionNoteSchema>;

/**
 * GET /api/v1/classes/{classId}/exams/{examId}/mistakes/: the questions the student lost marks on in their last
 * submitted sitting, whether each is now understood ('grok'), and their notes on the exam's questions.
 */
export const mistakesSchema = z.object({
  sitting_id: id,
  released: z.boolean(),
  mistakes: z.array(
    z.object({
      question_id: id,
      section_id: id,
      mark_status: z.enum(mistakeStatuses),
      marks_awarded: z.number().nullable(),
      marks: z.number(),
      /** When the student said they now understand it; null until then. */
      grokked_at: isoDateTime.nullable(),
    }),
  ),
  notes: z.array(questionNoteSchema),
});
export type Mistakes = z.infer<typeof mistakesSchema>;

/** PUT …/questions/{questionId}/grok/: the student now understands a mistake (true), or not yet (false). */
export const grokBody = z.object({ grokked: z.boolean() });
export const grokSchema = z.object({ question_id: id, grokked_at: isoDateTime.nullable() });
export type Grok = z.infer<typeof grokSchema>;

/** PUT …/questions/{questionId}/note/: the student's note on a question (autosaved, versioned). */
export const questionNoteBody = z.object({
  body: z.string().max(MAX_HTML_ANSWER_LENGTH),
  version: z.number().int().nonnegative().max(MAX_ID),
});
export type QuestionNoteBody = z.infer<typeof questionNoteBody>;

// ---------------------------------------------------------------------------------------------------------------
// Demo question sets (signed out; nothing is stored)

/** POST /api/v1/demo/question-sets/{examId}/check/: mark one answer without recording it. */
export const demoCheckBody = z.object({ question_id: id, answer: z.record(z.string(), z.unknown()) });
export type DemoCheckBody = z.infer<typeof demoCheckBody>;
export const demoCheckSchema = z.object({
  question_id: id,
  mark_status: markStatusSchema,
  marks_awarded: z.number().nullable(),
  solution: questionSolutionSchema,
});
export type DemoCheck = z.infer<typeof demoCheckSchema>;
