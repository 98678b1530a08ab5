import type { GridCell, GridColumn, GridRow, GridStudent, ProgressGrid } from '@banksia/contracts/progress-grids';
import { progressLabel, progressPercent } from '@banksia/contracts/rules/progress';
import type { StudentNamer } from '../../platform/student-names';
import {
  byStudent,
  distinctBy,
  grid,
  itemKindTitle,
  orderRows,
  percentCell,
  stateCell,
  studentRow,
  type GridHeader,
} from './progress-grids.presenter';
import type { GridItem, ItemFacts, ItemGrid, LessonGridRow } from './progress-grids.repository';

/** Item grids (a topic's items per student, one student's items) and a lesson's parts per student. */

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

/** A column per part of the lesson, then visited, self-rating and notes. */
function lessonColumns(rows: LessonGridRow[], lessonId: number): GridColumn[] {
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
      item_id: lessonId,
      max: null,
      banded: false,
    },
  );
  return columns;
}

/** One student's cells of a lesson: each part visited and its video watched, then visited, self-rating, notes. */
function lessonCells(own: LessonGridRow[]): GridCell[] {
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
  return cells;
}

export function presentLessonGrid(
  header: GridHeader & { lesson: { id: number; title: string } },
  rows: LessonGridRow[],
  namer: StudentNamer,
): ProgressGrid {
  const students = byStudent(rows).order.map(({ student, rows: own }) =>
    studentRow(namer, student, null, lessonCells(own)),
  );
  return grid(
    'lesson',
    header,
    header.lesson.title,
    `Each student's visits to the parts of ${header.lesson.title}, video watched, self-rating and notes.`,
    namer,
    lessonColumns(rows, header.lesson.id),
    orderRows(namer, students),
  );
}
