// What other features may use of progress. Exams refresh the rollup's cells after each write to a sitting or a mark.
export { refreshRollup, refreshRollupOfSittings, type RollupCell } from './progress-rollup';
