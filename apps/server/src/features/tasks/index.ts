/** What the app uses of tasks. */
export { tasksRoutes } from './tasks.routes';
