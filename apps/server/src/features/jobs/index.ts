/** What the app uses of jobs. */
export { jobsRoutes } from './jobs.routes';
