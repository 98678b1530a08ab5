/** What the app uses of analytics. */
export { analyticsRoutes } from './analytics.routes';
