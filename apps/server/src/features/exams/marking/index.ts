export { markingRoutes } from './marking.routes';
