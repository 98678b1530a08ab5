import { z } from 'zod';
import { markStatusSchema, questionTypeSchema } from './exams';
import { idParam } from './ids';

// Teacher insights of a class (issue 6): the lesson engagement dashboard, exam insights and one question across the
// class. Each page reads one endpoint:
//
// - GET /api/v1/classes/{classId}/insights/topics/{topicId}/lessons/{lessonId}/
// - GET /api/v1/classes/{classId}/insights/topics/{topicId}/exams/{examId}/
// - GET /api/v1/classes/{classId}/insights/topics/{topicId}/exams/{examId}/questions/{questionId}/
//
// All three take `?anonymise=1` (or the anonymizeStudentData cookie): students are then named by the day's pseudonyms.
// Shares are fractions from 0 to 1 (null when there is nothing to divide by); percents are 0–100.

const id = z.number().int().positive();
const count = z.number().int().nonnegative();
/** A fraction from 0 to 1, or null when nothing was there to count. */
const share = z.number().min(0).max(1).nullable();

export const lessonInsightsParams = z.object({ classId: idParam, topicId: idParam, lessonId: idParam });
export const examInsightsParams = z.object({ classId: idParam, topicId: idParam, examId: idParam });
export const questionInsightsParams = examInsightsParams.extend({ questionId: idParam });
export const insightsQuery = z.object({ anonymise: z.enum(['0', '1']).optional() });

/** A student as an insight names them: real names, or the day's pseudonyms when names are hidden. */
export const insightStudentSchema = z.object({
  profile_id: id,
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
});
export type InsightStudent = z.infer<typeof insightStudentSchema>;

const topicSchema = z.object({ id, title: z.string() });

/** Score bands of 10%: 0–10, 10–20 … 90–100 (a band holds its lower bound; 100% falls in the last). */
export const SCORE_BAND_COUNT = 10;
export const scoreBandSchema = z.object({
  /** Lower bound in percent (0, 10, … 90). */
  from: z.number().int().min(0).max(90),
  /** Upper bound in percent (10, 20, … 100). */
  to: z.number().int().min(10).max(100),
  /** Students whose last submitted sitting scored in the band. */
  students: count,
});
export type ScoreBand = z.infer<typeof scoreBandSchema>;

/** The band (0–9) of a percentage score: 0 ≤ p < 10 is band 0, … 90 ≤ p ≤ 100 is band 9. */
export function scoreBandIndex(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  return Math.min(SCORE_BAND_COUNT - 1, Math.floor(percent / 10));
}

/** A group of identical answers (after normalisation) to an objective question. */
export const answerGroupSchema = z.object({
  /** The answer as most students typed it (plain text; option texts joined for multiple choice). */
  label: z.string(),
  count: z.number().int().positive(),
  /** Whether these answers were marked right. */
  correct: z.boolean(),
});
export type AnswerGroup = z.infer<typeof answerGroupSchema>;

/** One question's figures over the class's last submitted sittings. */
export const questionSummarySchema = z.object({
  question_id: id,
  /** Reading order through the exam: 1, 2, 3 … across sections. */
  number: z.number().int().positive(),
  section_title: z.string(),
  type: questionTypeSchema,
  /** The prompt as plain text (for a list; the question page has the HTML). */
  prompt_text: z.string(),
  marks: z.number().positive(),
  /** Answers in submitted sittings (an unanswered question counts: it is marked 0). */
  submitted: count,
  /** Of those, answers with a mark. */
  marked: count,
  /** Of those, answers still waiting for a teacher. */
  needs_marking: count,
  /** Average marks awarded ÷ the question's marks, over marked answers; null before any is marked. */
  facility: share,
  /** Marked automatically at submit (multiple choice, short text, numeric, maths expression). */
  auto_marked: z.boolean(),
  /** Up to three most common wrong answers (auto-marked questions only), most common first. */
  common_wrong_answers: z.array(answerGroupSchema),
});
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

/** Scores of an exam or question set in the class: one per student, from their last submitted sitting. */
export const examResultsSchema = z.object({
  exam_id: id,
  title: z.string(),
  kind: z.enum(['exam', 'question_set']),
  marks_total: z.number().nonnegative(),
  /** Students on the roster with a submitted sitting. */
  submitted: count,
  /** Students whose only sitting is still open. */
  in_progress: count,
  /** Students who have not opened it. */
  not_started: count,
  /** Mean percentage over submitted sittings; null when none. */
  average_percent: z.number().min(0).max(100).nullable(),
  /** Submitted sittings with answers still waiting for a teacher (their scores may rise). */
  awaiting_marking: count,
  score_bands: z.array(scoreBandSchema).length(SCORE_BAND_COUNT),
  questions: z.array(questionSummarySchema),
});
export type ExamResults = z.infer<typeof examResultsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Lesson engagement

export const chunkEngagementSchema = z.object({
  chunk_id: id,
  /** 1-based position in the lesson. */
  index: z.number().int().positive(),
  title: z.string(),
  /** The video's length in seconds (0 when unknown). */
  duration_seconds: count,
  /** Students who opened the chunk. */
  students_visited: count,
  /** Every opening by those students, repeats included. */
  total_visits: count,
  /** Students who played any of the video. */
  students_played: count,
  /** Mean seconds played by those who played any; null when none did. */
  average_seconds_watched: z.number().nonnegative().nullable(),
  /** Students who played at least 90% of the video. */
  students_watched: count,
  /** students_watched ÷ the class's students; null for an empty class. */
  watched_share: share,
});
export type ChunkEngagement = z.infer<typeof chunkEngagementSchema>;

export const lessonInsightsSchema = z.object({
  class_id: id,
  topic: topicSchema,
  lesson: z.object({ id, title: z.string(), is_published: z.boolean(), is_coming_soon: z.boolean() }),
  anonymised: z.boolean(),
  /** Students on the class's roster. */
  student_count: count,
  /** Students who opened at least one chunk. */
  students_started: count,
  chunks: z.array(chunkEngagementSchema),
  self_ratings: z.object({
    /** Ratings 1 to 5 with how many students gave each, in that order. */
    counts: z.array(z.object({ rating: z.number().int().min(1).max(5), students: count })).length(5),
    not_rated: count,
    average: z.number().min(1).max(5).nullable(),
  }),
  /** Students whose notes on the lesson have text (each links to their notes page). */
  students_with_notes: z.array(insightStudentSchema),
  /** Students who have not opened any chunk of the lesson. */
  not_started: z.array(insightStudentSchema),
  /** The lesson's question set (lessons.question_set_id), or null when it has none. */
  question_set: examResultsSchema.nullable(),
});
export type LessonInsights = z.infer<typeof lessonInsightsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Exam insights

export const needsHelpReasons = ['below_half', 'not_submitted', 'not_started'] as const;
export const needsHelpReasonSchema = z.enum(needsHelpReasons);
export type NeedsHelpReason = z.infer<typeof needsHelpReasonSchema>;

/** A student's score below this percentage puts them on the "who needs help" list. */
export const NEEDS_HELP_BELOW_PERCENT = 50;

export const needsHelpEntrySchema = z.object({
  student: insightStudentSchema,
  reason: needsHelpReasonSchema,
  /** The last submitted sitting's score in percent (below_half only). */
  percent: z.number().min(0).max(100).nullable(),
  /** Answers in that sitting still wait for a teacher, so the score may rise. */
  awaiting_marking: z.boolean(),
});
export type NeedsHelpEntry = z.infer<typeof needsHelpEntrySchema>;

export const examInsightsSchema = z.object({
  class_id: id,
  topic: topicSchema,
  anonymised: z.boolean(),
  student_count: count,
  results: examResultsSchema,
  /** Below 50% first (lowest score first), then not submitted, then not started; by name within each. */
  needs_help: z.array(needsHelpEntrySchema),
});
export type ExamInsights = z.infer<typeof examInsightsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// One question across the class

export const questionStudentAnswerSchema = z.object({
  student: insightStudentSchema,
  /** The answer as plain text (objective questions; option texts for multiple choice); null when unanswered. */
  answer_text: z.string().nullable(),
  /** An extended response (sanitised HTML); null for other types. */
  answer_html: z.string().nullable(),
  mark_status: markStatusSchema.nullable(),
  marks_awarded: z.number().nonnegative().nullable(),
});
export type QuestionStudentAnswer = z.infer<typeof questionStudentAnswerSchema>;

export const questionInsightsSchema = z.object({
  class_id: id,
  topic: topicSchema,
  exam: z.object({ id, title: z.string(), kind: z.enum(['exam', 'question_set']) }),
  anonymised: z.boolean(),
  student_count: count,
  question: z.object({
    question_id: id,
    number: z.number().int().positive(),
    /** How many questions the exam has (for "Question 3 of 12" and previous/next links). */
    question_count: count,
    previous_question_id: id.nullable(),
    next_question_id: id.nullable(),
    type: questionTypeSchema,
    /** Sanitised HTML. */
    prompt: z.string(),
    marks: z.number().positive(),
    auto_marked: z.boolean(),
    /** Option texts of a multiple-choice question, marked right or not (plain text). */
    options: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean() })),
  }),
  /** Answers in the students' last submitted sittings. */
  submitted: count,
  marked: count,
  needs_marking: count,
  facility: share,
  /** How many marked answers got each mark: 0 … the question's marks, plus any part marks given. */
  mark_distribution: z.array(z.object({ marks: z.number().nonnegative(), students: count })),
  /** Auto-marked questions: every distinct answer given, most common first (capped at 10). */
  common_answers: z.array(answerGroupSchema),
  /** Every student of the class who submitted, in name order (pseudonym order when names are hidden). */
  answers: z.array(questionStudentAnswerSchema),
  /** Students with no submitted sitting, by name. */
  not_submitted: z.array(insightStudentSchema),
});
export type QuestionInsights = z.infer<typeof questionInsightsSchema>;
