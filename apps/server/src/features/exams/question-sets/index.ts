export { questionSetsRoutes } from './question-sets.routes';
