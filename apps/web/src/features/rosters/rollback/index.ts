// What the rest of the rosters feature uses of rolling a dataset back.
export { rollbackDataset, useRollbackDataset } from './api/rollback-dataset';
