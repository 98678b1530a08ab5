/**
 * A progress grid cell's state, shown as text as well as colour. Plain values, which the grid page reads without
 * loading zod (progress-grids.ts makes the schemas and re-exports these).
 */
export const gridCellStatuses = [
  'not_started',
  'in_progress',
  'submitted',
  'awaiting_marking',
  'correct',
  'partially_correct',
  'incorrect',
  'unanswered',
  'visited',
  'not_visited',
  'answered',
  'na',
  'value',
] as const;
export type GridCellStatus = (typeof gridCellStatuses)[number];

/** What each cell state says, in the page, the status column and the CSV alike. */
export const gridCellStatusLabels: Record<GridCellStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  submitted: 'Submitted',
  awaiting_marking: 'Awaiting marking',
  correct: 'Correct',
  partially_correct: 'Partly correct',
  incorrect: 'Incorrect',
  unanswered: 'Unanswered',
  visited: 'Visited',
  not_visited: 'Not visited',
  answered: 'Answered',
  na: 'N/A',
  value: '',
};
