/**
 * What the app and other features may use of courses. Its use cases are sub-features with their own index:
 * `catalogue/`, `lessons/`, `authoring/` (exam authoring and the /secret/ admin import `authoring/index`).
 */
export { coursesRoutes } from './courses.routes';
