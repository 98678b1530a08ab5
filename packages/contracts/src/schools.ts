import { z } from 'zod';
import { idParam, MAX_ID } from './ids';

export const schoolSchema = z.object({ id: z.number().int(), name: z.string() });
export type School = z.infer<typeof schoolSchema>;
export const schoolListResponse = z.array(schoolSchema);

// ---------------------------------------------------------------------------------------------------------------
// School dashboard (/school/{schoolSlug}/) and one exam across the school's classes (/school/{schoolSlug}/exam/{id}/)

const id = z.number().int().max(MAX_ID);
const yearValue = z.coerce.number().int().min(2000).max(2100);

export const schoolSlugParams = z.object({ schoolSlug: z.string().trim().min(1).max(200) });
export const schoolExamParams = schoolSlugParams.extend({ examId: idParam });
/** The calendar year shown; the current year when absent. */
export const schoolYearQuery = z.object({ year: yearValue.optional() });

const schoolRef = z.object({ id, name: z.string(), slug: z.string() });

/** One class of the school dashboard: its figures come from one grouped query on the server. */
export const schoolDashboardClassSchema = z.object({
  id,
  title: z.string(),
  course_id: id,
  course_title: z.string(),
  class_type: z.enum(['N', 'C', 'TT', 'ST']),
  teacher_names: z.array(z.string()),
  student_count: z.number().int(),
  /** Lesson parts (chunks) students can open in the course. */
  chunk_count: z.number().int(),
  /** (student, lesson part) pairs opened ÷ (students × lesson parts), 0–1; null with no students or no parts. */
  chunks_opened_share: z.number().nullable(),
  /** Submitted exam sittings (one per student and exam) by students on the roster. */
  exams_submitted: z.number().int(),
  /** The latest lesson visit, exam sitting or activity answer in the class; null when nothing yet. */
  last_activity_at: z.string().nullable(),
  /** Whether the viewer may open the class's pages (its teachers, school admins and staff). */
  can_open: z.boolean(),
});
export type SchoolDashboardClass = z.infer<typeof schoolDashboardClassSchema>;

/** An exam of a course taught at the school that year, for the links to the school exam pages. */
export const schoolDashboardExamSchema = z.object({
  exam_id: id,
  title: z.string(),
  course_id: id,
  course_title: z.string(),
  class_count: z.number().int(),
  submitted: z.number().int(),
});

export const schoolDashboardResponse = z.object({
  school: schoolRef,
  year: z.number().int(),
  /** Years the school has classes in, latest first. */
  years: z.array(z.number().int()),
  classes: z.array(schoolDashboardClassSchema),
  exams: z.array(schoolDashboardExamSchema),
});
export type SchoolDashboard = z.infer<typeof schoolDashboardResponse>;

/** Score bands of the distribution chart: 0–9 %, 10–19 %, … 90–100 %. */
export const SCORE_BANDS = 10;
export const scoreBandLabels: readonly string[] = Array.from({ length: SCORE_BANDS }, (_, i) =>
  i === SCORE_BANDS - 1 ? '90–100%' : `${i * 10}–${i * 10 + 9}%`,
);

/** Figures of a group of students' scores (a class, or all classes). Percentages to one decimal place. */
export const scoreSummarySchema = z.object({
  roster_size: z.number().int(),
  submitted: z.number().int(),
  /** Submitted sittings with an answer still waiting for marking (their score may still rise). */
  awaiting_marking: z.number().int(),
  average_percent: z.number().nullable(),
  median_percent: z.number().nullable(),
  /** Students per score band (SCORE_BANDS entries). */
  distribution: z.array(z.number().int()),
});
export type ScoreSummary = z.infer<typeof scoreSummarySchema>;

export const schoolExamClassSchema = scoreSummarySchema.extend({
  class_id: id,
  title: z.string(),
  teacher_names: z.array(z.string()),
  /** Whether the viewer may open the class's marking page. */
  can_mark: z.boolean(),
});
export type SchoolExamClass = z.infer<typeof schoolExamClassSchema>;

export const schoolExamResponse = z.object({
  school: schoolRef,
  year: z.number().int(),
  /** Years the school has classes on the exam's course, latest first. */
  years: z.array(z.number().int()),
  exam: z.object({ id, title: z.string(), course_id: id, course_title: z.string(), marks_total: z.number() }),
  classes: z.array(schoolExamClassSchema),
  overall: scoreSummarySchema,
});
export type SchoolExam = z.infer<typeof schoolExamResponse>;
