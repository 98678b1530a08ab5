import { z } from 'zod';
import { examQuestionSchema, questionTypes, type QuestionType } from './exams';
import { idParam, idValue } from './ids';

// Authoring exams and question sets (content staff): /content/admin/exams/. See docs/exam-authoring.md.

export const examKinds = ['exam', 'question_set', 'reflective_question_set'] as const;
export const examKindSchema = z.enum(examKinds);
export type ExamKind = z.infer<typeof examKindSchema>;
export const examKindLabels: Record<ExamKind, string> = {
  exam: 'Exam',
  question_set: 'Question set',
  reflective_question_set: 'Reflective question set',
};

export const questionTypeLabels: Record<QuestionType, string> = {
  multiple_choice: 'Multiple choice',
  short_text: 'Short text',
  numeric: 'Numeric',
  maths_expression: 'Maths expression',
  extended_response: 'Extended response',
  activity: 'Activity',
};
export { questionTypes };

/**
 * Where the exam sits: at the top level of its course's tree (beside the topics, like a yearly examination), under a
 * topic (or sub-topic), or as a lesson's question set.
 */
export const examPlacementSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('course') }),
  z.object({ kind: z.literal('topic'), section_id: idValue }),
  z.object({ kind: z.literal('lesson'), lesson_id: idValue }),
]);
export type ExamPlacement = z.infer<typeof examPlacementSchema>;

export const MAX_TIME_LIMIT_MINUTES = 24 * 60;

/** The exam's details (create/1/ and the details part of edit/{id}/). */
export const examDetailsSchema = z.object({
  title: z.string().trim().min(1, 'Give the exam a title.').max(200),
  kind: examKindSchema,
  placement: examPlacementSchema,
  is_submittable: z.boolean(),
  /** Minutes from starting a sitting; null for no limit. */
  time_limit_minutes: z.number().int().positive().max(MAX_TIME_LIMIT_MINUTES).nullable(),
  /** Plain text: what students need besides the paper, e.g. "A scientific calculator". */
  additional_materials: z.string().trim().max(2000),
  hide_solutions_until_release: z.boolean(),
});
export type ExamDetails = z.infer<typeof examDetailsSchema>;

export const createExamBody = examDetailsSchema.extend({ course_id: idValue });
export type CreateExamBody = z.infer<typeof createExamBody>;

/**
 * A section with its questions in order. Ids are strings: a saved section or question keeps the id the server gave
 * it (digits); a new one has an id the editor made (e.g. "new-3f2a"), which the answer maps to the stored one.
 */
export const authoringSectionSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().trim().min(1, 'Give the section a title.').max(200),
  questions: z.array(examQuestionSchema).max(200),
});
export type AuthoringSection = z.infer<typeof authoringSectionSchema>;

/** A whole save of the editor: details, sections and questions, made on `revision` (409 when it is stale). */
export const saveExamBody = examDetailsSchema.extend({
  revision: z.string().min(1).max(100),
  sections: z.array(authoringSectionSchema).max(50),
});
export type SaveExamBody = z.infer<typeof saveExamBody>;

export const publishExamBody = z.object({ revision: z.string().min(1).max(100), is_published: z.boolean() });
export type PublishExamBody = z.infer<typeof publishExamBody>;

export const examAuthoringSchema = examDetailsSchema.extend({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  /** Null only for an exam the seed left outside its course's tree. */
  placement: examPlacementSchema.nullable(),
  is_published: z.boolean(),
  question_count: z.number().int(),
  marks_total: z.number(),
  /** The concurrency token: send it back with the next save. */
  revision: z.string(),
  /** Sittings started (open or submitted): while there are any, only wording may change (docs/exam-authoring.md). */
  sitting_count: z.number().int(),
  sections: z.array(authoringSectionSchema),
  /** After a save: the editor's ids of new sections and questions → the stored ids. */
  id_map: z.record(z.string(), z.string()).optional(),
});
export type ExamAuthoring = z.infer<typeof examAuthoringSchema>;

export const examParams = z.object({ examId: idParam });

export const examListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  course_id: idParam.optional(),
  kind: examKindSchema.optional(),
  published: z.enum(['true', 'false']).optional(),
});
export type ExamListQuery = z.infer<typeof examListQuery>;

export const examListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: examKindSchema,
  course_id: z.number().int(),
  course_title: z.string(),
  /** Where it sits, e.g. "Topic: Fractions" or "Lesson: Equivalent fractions". */
  placement_label: z.string(),
  is_published: z.boolean(),
  question_count: z.number().int(),
  marks_total: z.number(),
  sitting_count: z.number().int(),
});
export type ExamListItem = z.infer<typeof examListItemSchema>;
export const examListResponse = z.object({ count: z.number().int(), results: z.array(examListItemSchema) });
export type ExamList = z.infer<typeof examListResponse>;

/** The courses an exam can belong to, with the topics and lessons it can be placed under. */
export const authoringOptionsSchema = z.object({
  courses: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      topics: z.array(z.object({ id: z.number().int(), label: z.string(), depth: z.number().int() })),
      lessons: z.array(
        z.object({ id: z.number().int(), label: z.string(), question_set_id: z.number().int().nullable() }),
      ),
      /** The course's activities, for activity questions. */
      activities: z.array(z.object({ id: z.number().int(), label: z.string() })),
    }),
  ),
});
export type AuthoringOptions = z.infer<typeof authoringOptionsSchema>;

/** Why a structural edit is refused while an exam has sittings (400 on the field that changed). */
export const STRUCTURE_LOCKED_MESSAGE =
  'Students have already sat this exam, so this cannot change: their marks depend on it. You may still fix wording.';
