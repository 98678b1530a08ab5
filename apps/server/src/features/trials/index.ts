/** What the app uses of trials. */
export { trialsRoutes } from './trials.routes';
