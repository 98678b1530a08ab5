/** What app/ uses of course authoring: the staff's course wizard, course list, course editor and lesson editor. */
export { CourseEditRoute } from './routes/course-edit-page';
export {
  CourseCreateDetailsRoute,
  CourseCreatedRoute,
  CourseCreateRoute,
  CourseCreateStructureRoute,
} from './routes/course-wizard-page';
export { CoursesListRoute } from './routes/courses-list-page';
export { LessonEditRoute } from './routes/lesson-edit-page';
export { adminOverviewQueryOptions, useAdminOverview } from './api/get-admin-overview';
