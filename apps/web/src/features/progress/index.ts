// What app/ and other features use of the progress feature (named re-exports only).
export { type GridSpec } from './api/get-progress-grid';
export { ProgressGridPage } from './routes/progress-grid-page';
