/** What the app uses of staff-reports. */
export { staffReportsRoutes } from './staff-reports.routes';
