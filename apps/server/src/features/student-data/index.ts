/** What the app uses of student-data. */
export { studentDataRoutes } from './student-data.routes';
