/** What other features and the app may use of progress: the rollup that exams refresh after a sitting changes. */
export { progressRoutes } from './progress.routes';
export { progressGridRoutes } from './progress-grids.routes';
export { rebuildRollup, refreshRollup, refreshRollupOfSittings, type RollupCell } from './progress-rollup';
