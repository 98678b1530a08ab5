import {
  gridCellStatusLabels,
  type GridCell,
  type GridCellStatus,
  type GridColumn,
  type ProgressGrid,
} from '@banksia/contracts/progress-grids';
import type { StudentNamer } from '../../platform/student-names';
import {
  byStudent,
  distinctBy,
  formatNumber,
  grid,
  orderRows,
  percentCell,
  stateCell,
  studentRow,
  type GridHeader,
} from './progress-grids.presenter';
import type { ExamGridRow, ExamRef } from './progress-grids.repository';

/** Exam-like grids: an exam or question set by question, a reflective set, one question's answers. */

/** The student's state in an exam from their current sitting. */
function sittingState(row: ExamGridRow | undefined): GridCellStatus {
  if (!row || row.sitting_status === null) return 'not_started';
  if (row.sitting_status === 'open') return 'in_progress';
  return row.sitting_awaiting ? 'awaiting_marking' : 'submitted';
}

const markStatuses = new Set(['correct', 'partially_correct', 'incorrect', 'unanswered']);

/** One answer's cell: its state until marked, then marks awarded out of the question's marks. */
function markCell(row: ExamGridRow, words: boolean): GridCell {
  const sitting = sittingState(row);
  if (sitting === 'not_started' || sitting === 'in_progress') return stateCell(sitting);
  if (row.mark_status === 'needs_marking') return stateCell('awaiting_marking');
  const max = row.question_marks ?? 0;
  const awarded = row.marks_awarded ?? 0;
  const status = (
    row.mark_status && markStatuses.has(row.mark_status) ? row.mark_status : 'unanswered'
  ) as GridCellStatus;
  const marks = `${formatNumber(awarded)} / ${formatNumber(max)}`;
  return percentCell(status, awarded, max, words ? `${gridCellStatusLabels[status]} (${marks})` : marks);
}

function questionColumns(rows: ExamGridRow[], banded: boolean): GridColumn[] {
  return distinctBy(rows, (r) => r.question_id).map((r) => ({
    key: `q${r.question_id}`,
    kind: 'question',
    title: `Q${r.question_no}`,
    description: `Question ${r.question_no} (${formatNumber(r.question_marks ?? 0)} marks)`,
    item_id: r.question_id,
    max: r.question_marks,
    banded,
  }));
}

/** Total marks and percent of the whole sitting, once it is submitted and fully marked. */
function totalCells(first: ExamGridRow | undefined, max: number): GridCell[] {
  const state = sittingState(first);
  if (state !== 'submitted') return [stateCell(state), stateCell(state)];
  const marks = first?.sitting_marks ?? 0;
  return [
    { status: 'value', value: marks, percent: null, text: `${formatNumber(marks)} / ${formatNumber(max)}` },
    percentCell('submitted', marks, max),
  ];
}

function totalColumns(max: number): GridColumn[] {
  return [
    {
      key: 'total',
      kind: 'total',
      title: 'Total',
      description: `Marks awarded out of ${formatNumber(max)}`,
      item_id: null,
      max,
      banded: false,
    },
    {
      key: 'percent',
      kind: 'overall',
      title: 'Percent',
      description: 'Percent of the marks available',
      item_id: null,
      max: 100,
      banded: true,
    },
  ];
}

/** An exam or question set: marks per question, total and percent per student (questions set words on cells). */
export function presentExamGrid(
  kind: 'exam' | 'topic_exam' | 'question_set',
  header: GridHeader & { exam: ExamRef },
  rows: ExamGridRow[],
  namer: StudentNamer,
): ProgressGrid {
  const words = kind === 'question_set';
  const columns = questionColumns(rows, true);
  const max = columns.reduce((sum, c) => sum + (c.max ?? 0), 0);
  const students = byStudent(rows).order.map(({ student, rows: own }) => {
    const cells = own.filter((r) => r.question_id !== null).map((r) => markCell(r, words));
    return studentRow(namer, student, sittingState(own[0]), [...cells, ...totalCells(own[0], max)]);
  });
  const noun = words ? 'question set' : 'exam';
  return grid(
    kind,
    header,
    header.exam.title,
    `Marks of each student in the ${noun} ${header.exam.title} by question, with their total and percent.`,
    namer,
    [...columns, ...totalColumns(max)],
    orderRows(namer, students),
  );
}

/** Two columns per prompt (confidence, what to revisit), then the average confidence. */
function reflectiveColumns(rows: ExamGridRow[]): GridColumn[] {
  const prompts = distinctBy(rows, (r) => r.question_id);
  const columns: GridColumn[] = prompts.flatMap((r) => [
    {
      key: `p${r.question_id}-confidence`,
      kind: 'prompt' as const,
      title: `P${r.question_no} confidence`,
      description: `Prompt ${r.question_no}: confidence from 1 (not at all) to 5 (very)`,
      item_id: r.question_id,
      max: null,
      banded: false,
    },
    {
      key: `p${r.question_id}-revisit`,
      kind: 'answer' as const,
      title: `P${r.question_no} revisit`,
      description: `Prompt ${r.question_no}: what the student wants to revisit`,
      item_id: r.question_id,
      max: null,
      banded: false,
    },
  ]);
  columns.push({
    key: 'average-confidence',
    kind: 'total',
    title: 'Average confidence',
    description: 'Average confidence over the prompts answered (1–5); not a mark',
    item_id: null,
    max: null,
    banded: false,
  });
  return columns;
}

/** One student's cells of a reflective set: confidence and revisit per prompt, then their average confidence. */
function reflectiveCells(state: GridCellStatus, own: ExamGridRow[]): GridCell[] {
  const cells: GridCell[] = [];
  const confidences: number[] = [];
  for (const r of own) {
    if (r.question_id === null) continue;
    const answer = r.answer as { confidence?: unknown; revisit?: unknown } | null;
    const confidence = typeof answer?.confidence === 'number' ? answer.confidence : null;
    if (state === 'not_started' || state === 'in_progress') {
      cells.push(stateCell(state), stateCell(state, ''));
    } else if (confidence === null) {
      cells.push(stateCell('unanswered'), stateCell('unanswered', ''));
    } else {
      confidences.push(confidence);
      const revisit = typeof answer?.revisit === 'string' ? answer.revisit : '';
      cells.push(
        { status: 'answered', value: confidence, percent: null, text: `${confidence} / 5` },
        { status: 'answered', value: null, percent: null, text: revisit },
      );
    }
  }
  const avg = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : null;
  cells.push(
    avg === null ? stateCell('na') : { status: 'value', value: avg, percent: null, text: `${formatNumber(avg)} / 5` },
  );
  return cells;
}

/** A reflective set: each prompt's confidence (1–5) and what the student wants to revisit. Not marks. */
export function presentReflectiveGrid(
  header: GridHeader & { exam: ExamRef },
  rows: ExamGridRow[],
  namer: StudentNamer,
): ProgressGrid {
  const students = byStudent(rows).order.map(({ student, rows: own }) => {
    const state = sittingState(own[0]);
    return studentRow(namer, student, state === 'awaiting_marking' ? 'submitted' : state, reflectiveCells(state, own));
  });
  return grid(
    'reflective_question_set',
    header,
    header.exam.title,
    `Each student's confidence (1 to 5) and what they want to revisit, per prompt of ${header.exam.title}.`,
    namer,
    reflectiveColumns(rows),
    orderRows(namer, students),
  );
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** An answer as plain text for the grid (options by their text; rich text without markup). */
export function answerText(answer: unknown, options: { id: string; text: string }[] = []): string {
  if (!answer || typeof answer !== 'object') return '';
  const a = answer as Record<string, unknown>;
  if (Array.isArray(a.option_ids)) {
    return a.option_ids
      .map((id) => {
        const option = options.find((o) => o.id === id);
        return option ? stripTags(option.text) : String(id);
      })
      .join('; ');
  }
  if (typeof a.text === 'string') return a.text;
  if (typeof a.value === 'string') return a.value;
  if (typeof a.latex === 'string') return a.latex;
  if (typeof a.html === 'string') return stripTags(a.html);
  if (typeof a.activity_response_id === 'number') return 'Activity response';
  return '';
}

/** Every student's answer to one question, with its mark. */
export function presentQuestionGrid(
  header: GridHeader & { exam: ExamRef; question: { id: number; title: string } },
  rows: ExamGridRow[],
  options: { id: string; text: string }[],
  namer: StudentNamer,
): ProgressGrid {
  const question = rows.find((r) => r.question_id !== null);
  const max = question?.question_marks ?? 0;
  const columns: GridColumn[] = [
    {
      key: 'answer',
      kind: 'answer',
      title: 'Answer',
      description: 'The answer given',
      item_id: header.question.id,
      max: null,
      banded: false,
    },
    {
      key: 'mark',
      kind: 'mark',
      title: 'Mark',
      description: `Marks awarded out of ${formatNumber(max)}`,
      item_id: header.question.id,
      max,
      banded: true,
    },
  ];
  const students = byStudent(rows).order.map(({ student, rows: own }) => {
    const r = own[0]!;
    const state = sittingState(r);
    const answer: GridCell =
      state === 'not_started'
        ? stateCell('not_started')
        : r.answer === null || r.answer === undefined
          ? stateCell('unanswered', 'No answer')
          : { status: 'answered', value: null, percent: null, text: answerText(r.answer, options) };
    return studentRow(namer, student, state, [answer, markCell(r, true)]);
  });
  return grid(
    'question',
    header,
    `${header.exam.title}: ${header.question.title}`,
    `Each student's answer to ${header.question.title} of ${header.exam.title}, with its mark.`,
    namer,
    columns,
    orderRows(namer, students),
  );
}
