/** Rolling back an applied roster dataset from the before-images its apply wrote. */
export { rollbackRoutes } from './rollback.routes';
