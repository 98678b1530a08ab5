/** Rosters: schools' class lists uploaded, reconciled with what the school has, applied, and rolled back. */
export { rosterApplyJob } from './apply/index';
export { rostersRoutes } from './rosters.routes';
export { rosterPages } from './upload/index';
