import {
  gridCellStatusLabels,
  type GridCell,
  type GridCellStatus,
  type GridColumn,
  type GridRow,
  type GridStudent,
  type ProgressGrid,
} from '@banksia/contracts/progress-grids';
import { progressLabel, progressPercent } from '@banksia/contracts/rules/progress';
import { toCsv, type CsvCell } from '@banksia/contracts/rules/csv';
import type { StudentNamer } from '../../platform/student-names';
import type {
  ExamGridRow,
  ExamRef,
  GridItem,
  ItemFacts,
  ItemGrid,
  LessonGridRow,
  RosterStudent,
} from './progress-grids.repository';

/** A number as people write marks: whole, or with up to two decimals. */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

export function statusLabel(status: GridCellStatus): string {
  return gridCellStatusLabels[status];
}

/** A cell showing only its state (no number). */
function stateCell(status: GridCellStatus, text = gridCellStatusLabels[status]): GridCell {
  return { status, value: null, percent: null, text };
}

/** A cell of `value` out of `total`: its percent (N/A when it has none) and label. */
function percentCell(status: GridCellStatus, value: number, total: number, text?: string): GridCell {
  const percent = progressPercent(value, total);
  if (percent === null) return { status: 'na', value: null, percent: null, text: 'N/A' };
  return { status, value, percent, text: text ?? progressLabel(value, total) };
}

interface Students<T> {
  order: { student: RosterStudent; rows: T[] }[];
}

/** Groups grid rows by student, in the query's (roster) order; rows with no student carry only columns. */
function byStudent<T extends { profile_id: number | null; first_name: string | null; last_name: string | null }>(
  rows: T[],
): Students<T> {
  const map = new Map<number, { student: RosterStudent; rows: T[] }>();
  for (const row of rows) {
    if (row.profile_id === null) continue;
    let entry = map.get(row.profile_id);
    if (!entry) {
      entry = {
        student: { profile_id: row.profile_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
        rows: [],
      };
      map.set(row.profile_id, entry);
    }
    entry.rows.push(row);
  }
  return { order: [...map.values()] };
}

/** The distinct items of the grid in query order, by key. */
function distinctBy<T, K>(rows: T[], key: (row: T) => K | null): T[] {
  const seen = new Set<K>();
  const out: T[] = [];
  for (const row of rows) {
    const k = key(row);
    if (k === null || seen.has(k)) continue;
    seen.add(k);
    out.push(row);
  }
  return out;
}

function named(namer: StudentNamer, s: RosterStudent): GridStudent {
  return { profile_id: s.profile_id, ...namer.name(s.profile_id, s) };
}

/** Student rows in roster order, or pseudonym order when names are hidden. */
function orderRows(namer: StudentNamer, rows: GridRow[]): GridRow[] {
  return namer.anonymised ? namer.sort(rows, (r) => r.student!) : rows;
}

function studentRow(namer: StudentNamer, s: RosterStudent, status: GridCellStatus | null, cells: GridCell[]): GridRow {
  const student = named(namer, s);
  return {
    key: `student-${s.profile_id}`,
    student,
    label: student.display_name,
    group: null,
    item_kind: null,
    item_id: null,
    status,
    cells,
  };
}

export interface GridHeader {
  class_id: number;
  class_title: string;
  topic?: { id: number; title: string } | null;
  exam?: ExamRef | null;
  lesson?: { id: number; title: string } | null;
  question?: { id: number; title: string } | null;
  student?: GridStudent | null;
}

function grid(
  kind: ProgressGrid['kind'],
  header: GridHeader,
  title: string,
  caption: string,
  namer: StudentNamer,
  columns: GridColumn[],
  rows: GridRow[],
): ProgressGrid {
  return {
    kind,
    class_id: header.class_id,
    class_title: header.class_title,
    title,
    caption,
    topic: header.topic ?? null,
    exam: header.exam ? { id: header.exam.id, title: header.exam.title, kind: header.exam.kind } : null,
    lesson: header.lesson ?? null,
    question: header.question ?? null,
    student: header.student ?? null,
    anonymised: namer.anonymised,
    columns,
    rows,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Exam-like grids

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

/** A reflective set: each prompt's confidence (1–5) and what the student wants to revisit. Not marks. */
export function presentReflectiveGrid(
  header: GridHeader & { exam: ExamRef },
  rows: ExamGridRow[],
  namer: StudentNamer,
): ProgressGrid {
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
  const students = byStudent(rows).order.map(({ student, rows: own }) => {
    const state = sittingState(own[0]);
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
    return studentRow(namer, student, state === 'awaiting_marking' ? 'submitted' : state, cells);
  });
  return grid(
    'reflective_question_set',
    header,
    header.exam.title,
    `Each student's confidence (1 to 5) and what they want to revisit, per prompt of ${header.exam.title}.`,
    namer,
    columns,
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

// ---------------------------------------------------------------------------------------------------------------
// Item grids (topic, student)

/** A student's cell for a lesson (share of its chunks opened) or an exam (percent of its latest submitted sitting). */
function itemCell(item: GridItem, facts: ItemFacts | undefined): GridCell {
  const [visited, submitted, marks, awaiting, inProgress] = facts ?? [null, false, null, null, false];
  if (item.kind === 'lesson') {
    if (item.total === 0) return stateCell('na');
    return percentCell((visited ?? 0) > 0 ? 'visited' : 'not_visited', visited ?? 0, item.total);
  }
  if (submitted) {
    if (awaiting) return stateCell('awaiting_marking');
    return percentCell('submitted', marks ?? 0, item.total);
  }
  return stateCell(inProgress ? 'in_progress' : 'not_started');
}

/**
 * The overall percent over a student's items: the mean of the items' percents, where a lesson not opened or an exam
 * not submitted counts 0 and items with no percent to give (N/A, awaiting marking) are left out.
 */
export function overallCell(cells: GridCell[]): GridCell {
  const counted = cells.filter((c) => c.status !== 'na' && c.status !== 'awaiting_marking');
  if (!counted.length) return stateCell('na');
  const sum = counted.reduce((s, c) => s + (c.percent ?? 0), 0);
  return percentCell('value', sum / counted.length, 100);
}

const itemKindTitle = { lesson: 'Lesson', exam: 'Exam', question_set: 'Question set' } as const;

export function presentTopicGrid(
  header: GridHeader & { topic: { id: number; title: string } },
  data: ItemGrid,
  namer: StudentNamer,
): ProgressGrid {
  const columns: GridColumn[] = data.items.map((item) => ({
    key: `${item.kind}-${item.id}`,
    kind: item.kind,
    title: item.title,
    description:
      item.kind === 'lesson'
        ? `${itemKindTitle.lesson}: share of its ${item.total} chunks visited`
        : `${itemKindTitle[item.kind]}: percent of the latest submitted sitting`,
    item_id: item.id,
    max: item.kind === 'lesson' ? null : item.total,
    banded: true,
  }));
  columns.push({
    key: 'overall',
    kind: 'overall',
    title: 'Overall',
    description: 'Mean over the items (not started counts 0; N/A and awaiting marking left out)',
    item_id: null,
    max: 100,
    banded: true,
  });
  const students = data.students.map((student) => {
    const cells = data.items.map((item, i) => itemCell(item, student.facts[i]));
    return studentRow(namer, student, null, [...cells, overallCell(cells)]);
  });
  return grid(
    'topic',
    header,
    header.topic.title,
    `Progress of each student through the lessons, exams and question sets of ${header.topic.title}.`,
    namer,
    columns,
    orderRows(namer, students),
  );
}

export function presentStudentGrid(
  header: GridHeader & { student: GridStudent },
  data: ItemGrid,
  namer: StudentNamer,
): ProgressGrid {
  const facts = data.students[0]?.facts ?? [];
  const gridRows: GridRow[] = data.items.flatMap((item, i) =>
    item.topic_id === null
      ? []
      : [
          {
            key: `${item.kind}-${item.id}`,
            student: null,
            label: item.title,
            group: item.topic_title,
            item_kind: item.kind,
            item_id: item.id,
            status: null,
            cells: [itemCell(item, facts[i])],
          },
        ],
  );
  return grid(
    'student',
    header,
    header.student.display_name,
    `Progress of ${header.student.display_name} through every lesson and exam of the course, by topic.`,
    namer,
    [
      {
        key: 'progress',
        kind: 'overall',
        title: 'Progress',
        description: 'Lessons: share of chunks visited. Exams: percent of the latest submitted sitting',
        item_id: null,
        max: 100,
        banded: true,
      },
    ],
    gridRows,
  );
}

export function presentLessonGrid(
  header: GridHeader & { lesson: { id: number; title: string } },
  rows: LessonGridRow[],
  namer: StudentNamer,
): ProgressGrid {
  const chunks = distinctBy(rows, (r) => r.chunk_id);
  const columns: GridColumn[] = chunks.map((r) => ({
    key: `chunk-${r.chunk_id}`,
    kind: 'chunk',
    title: `${r.chunk_index}. ${r.chunk_title ?? ''}`,
    description: `Part ${r.chunk_index}: visited, and share of its video watched`,
    item_id: r.chunk_id,
    max: null,
    banded: true,
  }));
  columns.push(
    {
      key: 'visited',
      kind: 'overall',
      title: 'Visited',
      description: 'Share of the lesson’s parts visited',
      item_id: null,
      max: 100,
      banded: true,
    },
    {
      key: 'self-rating',
      kind: 'self_rating',
      title: 'Self-rating',
      description: 'The student’s own rating of the lesson, 1 to 5',
      item_id: null,
      max: 5,
      banded: false,
    },
    {
      key: 'notes',
      kind: 'notes',
      title: 'Notes',
      description: 'Whether the student took notes on the lesson',
      item_id: header.lesson.id,
      max: null,
      banded: false,
    },
  );
  const students = byStudent(rows).order.map(({ student, rows: own }) => {
    const chunkRows = own.filter((r) => r.chunk_id !== null);
    const cells: GridCell[] = chunkRows.map((r) => {
      if (!r.visited) return { status: 'not_visited', value: null, percent: 0, text: 'Not visited' };
      const percent = progressPercent(r.seconds_watched ?? 0, r.duration ?? 0);
      const label = progressLabel(r.seconds_watched ?? 0, r.duration ?? 0);
      return {
        status: 'visited',
        value: r.seconds_watched ?? 0,
        percent,
        text: percent === null ? 'Visited, video N/A' : `Visited, ${label} watched`,
      };
    });
    const visited = chunkRows.filter((r) => r.visited).length;
    const first = own[0];
    cells.push(
      percentCell('value', visited, chunkRows.length),
      first?.self_rating
        ? { status: 'value', value: first.self_rating, percent: null, text: `${first.self_rating} / 5` }
        : stateCell('na', 'Not rated'),
      first?.has_notes
        ? { status: 'answered', value: null, percent: null, text: 'Notes taken' }
        : stateCell('na', 'No notes'),
    );
    return studentRow(namer, student, null, cells);
  });
  return grid(
    'lesson',
    header,
    header.lesson.title,
    `Each student's visits to the parts of ${header.lesson.title}, video watched, self-rating and notes.`,
    namer,
    columns,
    orderRows(namer, students),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

/** The grid as CSV rows: the same cells as the page (names as shown, so pseudonyms when hidden). */
export function gridCsv(g: ProgressGrid): string {
  const itemGrid = g.kind === 'student';
  const withStatus = g.rows.some((r) => r.status !== null);
  const header: CsvCell[] = itemGrid ? ['Topic', 'Item', 'Type'] : ['Student'];
  if (withStatus) header.push('Status');
  header.push(...g.columns.map((c) => c.title));
  const body = g.rows.map((r) => {
    const row: CsvCell[] = itemGrid ? [r.group, r.label, r.item_kind ? itemKindTitle[r.item_kind] : ''] : [r.label];
    if (withStatus) row.push(r.status ? gridCellStatusLabels[r.status] : '');
    row.push(...r.cells.map((c) => c.text));
    return row;
  });
  return toCsv([header, ...body]);
}
