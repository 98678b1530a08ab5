export { sittingsRoutes } from './sittings.routes';
