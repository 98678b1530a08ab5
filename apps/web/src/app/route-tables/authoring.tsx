import type { RouteObject } from 'react-router';

const wizard = () => import('../../features/course-authoring/routes/course-wizard');

/** Content staff pages (inside the content_admin guard): the staff home, and course and lesson authoring. */
export const contentAdminRoutes: RouteObject[] = [
  {
    path: 'content/admin',
    handle: { name: 'content-admin' },
    lazy: async () => ({ Component: (await import('../routes/admin-home-page')).AdminHomeRoute }),
  },
  {
    path: 'content/admin/courses/create',
    handle: { name: 'content-admin-course-create' },
    lazy: async () => ({ Component: (await wizard()).CourseCreateRoute }),
  },
  {
    path: 'content/admin/courses/create/1',
    handle: { name: 'content-admin-course-create-details' },
    lazy: async () => ({ Component: (await wizard()).CourseCreateDetailsRoute }),
  },
  {
    path: 'content/admin/courses/create/2',
    handle: { name: 'content-admin-course-create-structure' },
    lazy: async () => ({ Component: (await wizard()).CourseCreateStructureRoute }),
  },
  {
    path: 'content/admin/courses/created',
    handle: { name: 'content-admin-course-created' },
    lazy: async () => ({ Component: (await wizard()).CourseCreatedRoute }),
  },
  {
    path: 'content/admin/courses/edit',
    handle: { name: 'content-admin-courses' },
    lazy: async () => ({
      Component: (await import('../../features/course-authoring/routes/courses-list')).CoursesListRoute,
    }),
  },
  {
    path: 'content/admin/courses/edit/:courseId',
    handle: { name: 'content-admin-course-edit' },
    lazy: async () => ({
      Component: (await import('../../features/course-authoring/routes/course-edit')).CourseEditRoute,
    }),
  },
  {
    path: 'content/admin/lessons/edit/:lessonId',
    handle: { name: 'content-admin-lesson-edit' },
    lazy: async () => ({
      Component: (await import('../../features/course-authoring/routes/lesson-edit')).LessonEditRoute,
    }),
  },
];
