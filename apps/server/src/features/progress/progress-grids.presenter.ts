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
import type { ExamRef, RosterStudent } from './progress-grids.repository';

/**
 * The building blocks of the progress grids (cells, student rows, the grid itself) and their CSV. The grids are
 * presented in progress-grids-exams.presenter.ts (exam-like) and progress-grids-items.presenter.ts (topic, student,
 * lesson).
 */

/** A number as people write marks: whole, or with up to two decimals. */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

export function statusLabel(status: GridCellStatus): string {
  return gridCellStatusLabels[status];
}

/** A cell showing only its state (no number). */
export function stateCell(status: GridCellStatus, text = gridCellStatusLabels[status]): GridCell {
  return { status, value: null, percent: null, text };
}

/** A cell of `value` out of `total`: its percent (N/A when it has none) and label. */
export function percentCell(status: GridCellStatus, value: number, total: number, text?: string): GridCell {
  const percent = progressPercent(value, total);
  if (percent === null) return { status: 'na', value: null, percent: null, text: 'N/A' };
  return { status, value, percent, text: text ?? progressLabel(value, total) };
}

export interface Students<T> {
  order: { student: RosterStudent; rows: T[] }[];
}

/** Groups grid rows by student, in the query's (roster) order; rows with no student carry only columns. */
export function byStudent<T extends { profile_id: number | null; first_name: string | null; last_name: string | null }>(
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
export function distinctBy<T, K>(rows: T[], key: (row: T) => K | null): T[] {
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
export function orderRows(namer: StudentNamer, rows: GridRow[]): GridRow[] {
  return namer.anonymised ? namer.sort(rows, (r) => r.student!) : rows;
}

export function studentRow(
  namer: StudentNamer,
  s: RosterStudent,
  status: GridCellStatus | null,
  cells: GridCell[],
): GridRow {
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

export function grid(
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

/** What the grids call each kind of item. */
export const itemKindTitle = { lesson: 'Lesson', exam: 'Exam', question_set: 'Question set' } as const;

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
