import { z } from 'zod';
import { idParam } from './ids';
import { gridCellStatuses } from './rules/grid-cells';

/**
 * Class progress grids (spec §2 "Class progress grids"): students × items of an exam, topic, lesson, question set or
 * reflective question set, and one student's progress through every listed topic. Every grid is answered in one
 * shape, so the page, its legend and its CSV export work the same way for all of them.
 */

const id = idParam;

export const classGridParams = z.object({ classId: id });
export const examGridParams = classGridParams.extend({ examId: id });
export const topicGridParams = classGridParams.extend({ topicId: id });
export const topicExamGridParams = classGridParams.extend({ topicId: id, examId: id });
export const lessonGridParams = classGridParams.extend({ lessonId: id });
export const studentGridParams = classGridParams.extend({ profileId: id });
export const questionGridParams = classGridParams.extend({ examId: id, questionId: id });

/** `?format=csv` answers the same grid as a CSV download; anything else (or nothing) answers JSON. */
export const gridQuery = z.object({
  format: z.enum(['json', 'csv']).optional(),
  anonymise: z.string().optional(),
});
export type GridFormat = NonNullable<z.infer<typeof gridQuery>['format']>;

export const gridKinds = [
  'exam',
  'topic',
  'topic_exam',
  'lesson',
  'student',
  'question_set',
  'reflective_question_set',
  'question',
] as const;
export type GridKind = (typeof gridKinds)[number];

/** What a column holds, so the page can link it to its own grid and the legend can explain it. */
export const gridColumnKinds = [
  'question',
  'lesson',
  'exam',
  'question_set',
  'chunk',
  'prompt',
  'answer',
  'mark',
  'self_rating',
  'notes',
  'total',
  'overall',
] as const;
export type GridColumnKind = (typeof gridColumnKinds)[number];

export const gridColumnSchema = z.object({
  /** Unique within the grid, e.g. `q12`, `lesson-4`, `total`. */
  key: z.string(),
  kind: z.enum(gridColumnKinds),
  /** Short header text (Q1, a lesson title…). */
  title: z.string(),
  /** Longer description for the header's tooltip / screen readers. */
  description: z.string(),
  /** The lesson, exam, question or chunk the column is about; null for totals. */
  item_id: z.number().int().nullable(),
  /** Marks available (questions, totals); null when the column is not marks. */
  max: z.number().nullable(),
  /** Whether the cells carry a percent drawn in the spec's colour bands (N/A when it has none). */
  banded: z.boolean(),
});
export type GridColumn = z.infer<typeof gridColumnSchema>;

export { gridCellStatuses, gridCellStatusLabels, type GridCellStatus } from './rules/grid-cells';

export const gridCellSchema = z.object({
  status: z.enum(gridCellStatuses),
  /** The number shown (marks awarded, percent, confidence…), or null. */
  value: z.number().nullable(),
  /** 0–100 for banded columns; null shows N/A in a banded column. */
  percent: z.number().nullable(),
  /** What the cell says, e.g. `3 / 4`, `75%`, `Not started`, `N/A`; also the CSV text. */
  text: z.string(),
});
export type GridCell = z.infer<typeof gridCellSchema>;

export const gridStudentSchema = z.object({
  profile_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
});
export type GridStudent = z.infer<typeof gridStudentSchema>;

/** A row: a student (student-by-item grids) or an item of the student grid (student null, label the item). */
export const gridRowSchema = z.object({
  key: z.string(),
  student: gridStudentSchema.nullable(),
  /** Row header text: the student's name, or the item's title. */
  label: z.string(),
  /** For the student grid: the topic the item belongs to, the item's kind and id (to link to its grid). */
  group: z.string().nullable(),
  item_kind: z.enum(['lesson', 'exam', 'question_set']).nullable(),
  item_id: z.number().int().nullable(),
  /** The student's state for the whole grid (exam grids: not started / in progress / submitted / awaiting marking). */
  status: z.enum(gridCellStatuses).nullable(),
  cells: z.array(gridCellSchema),
});
export type GridRow = z.infer<typeof gridRowSchema>;

export const gridRefSchema = z.object({ id: z.number().int(), title: z.string() });

export const progressGridSchema = z.object({
  kind: z.enum(gridKinds),
  class_id: z.number().int(),
  class_title: z.string(),
  title: z.string(),
  caption: z.string(),
  /** What the grid is about, for breadcrumbs and links. */
  topic: gridRefSchema.nullable(),
  exam: gridRefSchema.extend({ kind: z.enum(['exam', 'question_set', 'reflective_question_set']) }).nullable(),
  lesson: gridRefSchema.nullable(),
  question: gridRefSchema.nullable(),
  student: gridStudentSchema.nullable(),
  /** Whether student names are pseudonyms (spec §4 anonymiser). */
  anonymised: z.boolean(),
  columns: z.array(gridColumnSchema),
  rows: z.array(gridRowSchema),
});
export type ProgressGrid = z.infer<typeof progressGridSchema>;
