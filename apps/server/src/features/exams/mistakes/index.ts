export { mistakesRoutes } from './mistakes.routes';
