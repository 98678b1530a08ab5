import { z } from 'zod';
import { examQuestionViewSchema, questionSolutionSchema } from './exam-api';
import { markStatusSchema } from './exams';
import { idParam } from './ids';

// Spaced retrieval (issue 6): a student's daily review set, answering a card, and the class's topics to revisit.
// Rules (ratings, the day, the set size) live in ./rules/review.

const id = z.number().int().positive();
const isoDateTime = z.string();

/** GET /api/v1/review/[?class_id=]: the student's review across their classes, or in one, for the school's day. */
export const reviewQuery = z.object({
  class_id: idParam.optional(),
});
export type ReviewQuery = z.infer<typeof reviewQuery>;

/** Why a question came back. */
export const reviewSourceSchema = z.enum(['wrong', 'low_rating']);
export type ReviewSource = z.infer<typeof reviewSourceSchema>;

/** One card of the daily set: the question as a student answering it sees it (no answer key, no solution). */
export const reviewCardSchema = z.object({
  class_id: id,
  class_name: z.string(),
  question_id: id,
  exam_id: id,
  exam_title: z.string(),
  /** The course topic holding the question's exam (or its lesson), when it sits in one. */
  topic: z.string().nullable(),
  source: reviewSourceSchema,
  due: isoDateTime,
  /** Reviews so far, and times it was forgotten after being learnt. */
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  question: examQuestionViewSchema,
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

export const reviewTodaySchema = z.object({
  /** The time zone "today" was read in. */
  time_zone: z.string(),
  /** The set: up to REVIEW_SET_SIZE cards due by the end of today, soonest due first. */
  cards: z.array(reviewCardSchema),
  /** Every card due by the end of today (may be more than the set holds). */
  due_today: z.number().int().nonnegative(),
  /** Reviews the student made today. */
  done_today: z.number().int().nonnegative(),
  /** All the student's cards, due or not. */
  total_cards: z.number().int().nonnegative(),
  /** When the next card falls due, when none is due today; null otherwise or without cards. */
  next_due: isoDateTime.nullable(),
});
export type ReviewToday = z.infer<typeof reviewTodaySchema>;

export const reviewCardParams = z.object({ classId: idParam, questionId: idParam });

/** POST /api/v1/classes/{classId}/review/questions/{questionId}/answer/: check an answer to a due card. */
export const reviewAnswerBody = z.object({
  /** In the shape the question's type expects (contracts' answerSchemaByType); checked against the question. */
  answer: z.record(z.string(), z.unknown()),
});
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBody>;

export const reviewAnswerResultSchema = z.object({
  class_id: id,
  question_id: id,
  correct: z.boolean(),
  mark_status: markStatusSchema,
  marks_awarded: z.number().nullable(),
  /** The FSRS rating given: 1 Again, 2 Hard, 3 Good. */
  rating: z.number().int().min(1).max(4),
  /** The worked solution and the answer key, now the student has answered. */
  solution: questionSolutionSchema,
  /** When it comes back. */
  due: isoDateTime,
  scheduled_days: z.number().int().nonnegative(),
  /** Calendar days from today to the due date, in the request's time zone. */
  comes_back_in_days: z.number().int().nonnegative(),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
});
export type ReviewAnswerResult = z.infer<typeof reviewAnswerResultSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Teacher: the topics the class keeps missing

/** A student who struggles with a topic: their misses (Again) in reviews, lapses and cards there. */
export const strugglingStudentSchema = z.object({
  profile_id: id,
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  missed: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  cards: z.number().int().nonnegative(),
});
export type StrugglingStudent = z.infer<typeof strugglingStudentSchema>;

export const reviewTopicSchema = z.object({
  /** The section (topic) of the course; null gathers questions outside any topic. */
  section_id: id.nullable(),
  title: z.string(),
  /** Cards in the class on the topic's questions, and the students holding them. */
  cards: z.number().int().nonnegative(),
  students: z.number().int().nonnegative(),
  reviews: z.number().int().nonnegative(),
  /** Reviews answered wrong (rated Again). */
  missed: z.number().int().nonnegative(),
  /** missed / reviews, from 0 to 1; null before any review. */
  miss_rate: z.number().min(0).max(1).nullable(),
  /** Times a learnt question was forgotten, summed over the cards. */
  lapses: z.number().int().nonnegative(),
  /** Who struggles most: most misses, then lapses (at most MAX_STRUGGLING_STUDENTS). */
  struggling: z.array(strugglingStudentSchema),
});
export type ReviewTopic = z.infer<typeof reviewTopicSchema>;

/** How many struggling students each topic names. */
export const MAX_STRUGGLING_STUDENTS = 5;

/** GET /api/v1/classes/{classId}/review/topics/: topics by miss rate, highest first. */
export const reviewTopicsSchema = z.object({
  class_id: id,
  anonymised: z.boolean(),
  topics: z.array(reviewTopicSchema),
});
export type ReviewTopics = z.infer<typeof reviewTopicsSchema>;
