import type { GridCell, GridColumn, GridRow, ProgressGrid } from '@banksia/contracts/progress-grids';
import { gridCellStatusLabels, type GridCellStatus } from '@banksia/contracts/rules/grid-cells';
import { progressBand } from '@banksia/contracts/rules/progress';
import { Anchor } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { Link } from 'react-router';
import { progressBandColors } from '../../../components/progress-colors';
import { track } from '../../../lib/analytics';
import { urlFor } from '../../../lib/named-routes';
import { bandLabels } from './grid-legend';
import classes from './progress-grid.module.css';

/** Estimated row height (px) before rows are measured. */
const ROW_HEIGHT = 37;
/** Grids with more item columns than this render only the columns in view, each of a fixed width. */
export const COLUMN_VIRTUALISE_FROM = 30;
const COLUMN_WIDTH = 144;

/** The window assumed while the scroll area has no measured height yet (hidden, or not laid out). */
const FALLBACK_RECT = { width: 1024, height: 640 };

const stateStatuses = new Set<GridCellStatus>(['not_started', 'in_progress', 'awaiting_marking', 'unanswered']);

/** Where a column header leads: each item to its own grid (or the marking page of an exam's question). */
function columnHref(grid: ProgressGrid, column: GridColumn): string | null {
  const classId = grid.class_id;
  if (column.item_id === null) return null;
  switch (column.kind) {
    case 'lesson':
      return urlFor('class-progress-lesson', { classId, lessonId: column.item_id });
    case 'exam':
      return grid.topic
        ? urlFor('class-progress-topic-exam', { classId, topicId: grid.topic.id, examId: column.item_id })
        : urlFor('class-progress-exam', { classId, examId: column.item_id });
    case 'question_set':
      return urlFor('class-progress-question-set', { classId, examId: column.item_id });
    case 'question':
      if (!grid.exam) return null;
      return grid.exam.kind === 'question_set'
        ? urlFor('class-progress-question-set-question', { classId, examId: grid.exam.id, questionId: column.item_id })
        : urlFor('class-exam-mark-question', { classId, examId: grid.exam.id, questionId: column.item_id });
    default:
      return null;
  }
}

/** The grid of the item a row of the student grid is about. */
function itemHref(grid: ProgressGrid, row: GridRow): string | null {
  const classId = grid.class_id;
  if (row.item_id === null) return null;
  if (row.item_kind === 'lesson') return urlFor('class-progress-lesson', { classId, lessonId: row.item_id });
  if (row.item_kind === 'exam') return urlFor('class-progress-exam', { classId, examId: row.item_id });
  if (row.item_kind === 'question_set') return urlFor('class-progress-question-set', { classId, examId: row.item_id });
  return null;
}

/** A cell: banded cells print their text on the band's colour (so the percent, not only the colour, tells). */
function CellContent({
  grid,
  column,
  cell,
  row,
}: {
  grid: ProgressGrid;
  column: GridColumn;
  cell: GridCell;
  row: GridRow;
}) {
  if (column.kind === 'notes' && cell.status === 'answered' && row.student && grid.lesson) {
    return (
      <Anchor
        component={Link}
        to={urlFor('class-lesson-notes', {
          classId: grid.class_id,
          lessonId: grid.lesson.id,
          profileId: row.student.profile_id,
        })}
      >
        {cell.text}
      </Anchor>
    );
  }
  if (column.banded && (cell.percent !== null || cell.status === 'na')) {
    const band = cell.percent === null ? 'na' : progressBand(cell.percent);
    return (
      <span
        className={classes.badge}
        style={{ background: progressBandColors[band] }}
        data-band={band}
        title={bandLabels[band]}
      >
        {cell.text}
      </span>
    );
  }
  if (stateStatuses.has(cell.status)) {
    return (
      <span className={classes.state} data-status={cell.status}>
        {cell.text}
      </span>
    );
  }
  return <>{cell.text}</>;
}

const itemKindLabels = { lesson: 'Lesson', exam: 'Exam', question_set: 'Question set' } as const;

/**
 * A progress grid as a real table: sticky header row and first column, and only the rows in view rendered (large
 * classes) and, in wide grids, only the item columns in view, with aria-rowcount / aria-rowindex and aria-colcount /
 * aria-colindex telling screen readers the full size. The scroll area takes focus so
 * the keyboard can scroll it.
 */
export function ProgressGridTable({ grid }: { grid: ProgressGrid }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design.
  const virtualizer = useVirtualizer({
    count: grid.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
    // A row not laid out yet measures 0; keep the estimate for it rather than squeezing in more rows.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_HEIGHT,
  });
  // Wide grids (a topic of many lessons and exams) also render only the item columns in view. The leading columns
  // (name, topic, type, status) stay: they are sticky or short. Offsets count from the first item column, so the
  // range in view is a little wider than needed, by the leading columns' width.
  const wide = grid.columns.length > COLUMN_VIRTUALISE_FROM;
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    enabled: wide,
    count: grid.columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => COLUMN_WIDTH,
    overscan: 3,
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.width > 0 ? rect : FALLBACK_RECT)),
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnItems = wide ? columnVirtualizer.getVirtualItems() : [];
  const shownColumns = wide ? columnItems.map((c) => c.index) : grid.columns.map((_, i) => i);
  const paddingLeft = wide ? (columnItems[0]?.start ?? 0) : 0;
  const paddingRight = wide ? columnVirtualizer.getTotalSize() - (columnItems.at(-1)?.end ?? 0) : 0;
  const itemGrid = grid.kind === 'student';
  const withStatus = grid.rows.some((r) => r.status !== null);
  const leadingCount = 1 + (itemGrid ? 2 : 0) + (withStatus ? 1 : 0);
  const columnCount = leadingCount + grid.columns.length;
  const renderedCount = leadingCount + shownColumns.length + (paddingLeft > 0 ? 1 : 0) + (paddingRight > 0 ? 1 : 0);
  const sized = wide ? classes.fixedColumn : undefined;
  const spacer = (width: number, key: string) =>
    width > 0 ? (
      <td key={key} className={classes.columnSpacer} aria-hidden="true" style={{ width, minWidth: width }} />
    ) : null;

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      tabIndex={0}
      role="region"
      aria-label={`${grid.title}: scrollable table`}
    >
      <table className={classes.table} aria-rowcount={grid.rows.length + 1} aria-colcount={columnCount}>
        <caption className={classes.caption}>{grid.caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className={classes.rowHeader}>
              {itemGrid ? 'Item' : 'Student'}
            </th>
            {itemGrid && (
              <>
                <th scope="col">Topic</th>
                <th scope="col">Type</th>
              </>
            )}
            {withStatus && <th scope="col">Status</th>}
            {spacer(paddingLeft, 'left')}
            {shownColumns.map((i) => {
              const column = grid.columns[i]!;
              const href = columnHref(grid, column);
              return (
                <th
                  key={column.key}
                  scope="col"
                  title={column.description}
                  className={sized}
                  aria-colindex={wide ? leadingCount + i + 1 : undefined}
                >
                  {href ? (
                    <Anchor component={Link} to={href} aria-label={`${column.title}: ${column.description}`}>
                      {column.title}
                    </Anchor>
                  ) : (
                    column.title
                  )}
                </th>
              );
            })}
            {spacer(paddingRight, 'right')}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr className={classes.spacer} aria-hidden="true" style={{ height: paddingTop }}>
              <td colSpan={renderedCount} />
            </tr>
          )}
          {items.map((item) => {
            const row = grid.rows[item.index]!;
            const href = row.student
              ? urlFor('class-progress-student', { classId: grid.class_id, profileId: row.student.profile_id })
              : itemHref(grid, row);
            return (
              <tr key={row.key} aria-rowindex={item.index + 2} data-index={item.index} ref={virtualizer.measureElement}>
                <th scope="row" className={classes.rowHeader}>
                  {href ? (
                    <Anchor
                      component={Link}
                      to={href}
                      onClick={
                        row.student
                          ? () =>
                              track('clicked link to student course progress', {
                                class_id: grid.class_id,
                                profile_id: row.student!.profile_id,
                              })
                          : undefined
                      }
                    >
                      {row.label}
                    </Anchor>
                  ) : (
                    row.label
                  )}
                </th>
                {itemGrid && (
                  <>
                    <td>{row.group}</td>
                    <td>{row.item_kind ? itemKindLabels[row.item_kind] : ''}</td>
                  </>
                )}
                {withStatus && <td>{row.status ? gridCellStatusLabels[row.status] : ''}</td>}
                {spacer(paddingLeft, 'left')}
                {shownColumns.map((i) => {
                  const column = grid.columns[i];
                  const cell = row.cells[i];
                  if (!cell) return <td key={column?.key ?? i} className={sized} />;
                  return (
                    <td
                      key={column?.key ?? i}
                      className={sized}
                      aria-colindex={wide ? leadingCount + i + 1 : undefined}
                    >
                      {column ? <CellContent grid={grid} column={column} cell={cell} row={row} /> : cell.text}
                    </td>
                  );
                })}
                {spacer(paddingRight, 'right')}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr className={classes.spacer} aria-hidden="true" style={{ height: paddingBottom }}>
              <td colSpan={renderedCount} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
