/** What the app uses of schools. */
export { schoolsRoutes } from './schools.routes';
