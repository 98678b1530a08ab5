/** What the rest of courses may use of lessons (learners' lesson pages outside a class). */
export { lessonsRoutes } from './lessons.routes';
