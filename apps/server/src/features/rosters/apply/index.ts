/** Applying a roster dataset: the request, approval and retry, the `roster-apply` job and what it is doing. */
export { applyView } from './apply-status';
export { rosterApplyJob } from './apply.jobs';
export { applyRoutes } from './apply.routes';
export { runApply } from './apply.run';
export { requestApply } from './apply.service';
