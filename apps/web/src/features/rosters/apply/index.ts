// What the rest of the rosters feature uses of applying a dataset.
export { applyDataset, useApplyDataset } from './api/apply-dataset';
export { approveDataset, useApproveDataset } from './api/approve-dataset';
export { retryApply, useRetryApply } from './api/retry-apply';
