/** What the app uses of support. */
export { supportRoutes } from './support.routes';
