import type { RouteObject } from 'react-router';

// One chunk for the four authoring pages: only content staff open them.
const authoring = () => import('../../features/courses/authoring/index');

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
    lazy: async () => ({ Component: (await authoring()).CourseCreateRoute }),
  },
  {
    path: 'content/admin/courses/create/1',
    handle: { name: 'content-admin-course-create-details' },
    lazy: async () => ({ Component: (await authoring()).CourseCreateDetailsRoute }),
  },
  {
    path: 'content/admin/courses/create/2',
    handle: { name: 'content-admin-course-create-structure' },
    lazy: async () => ({ Component: (await authoring()).CourseCreateStructureRoute }),
  },
  {
    path: 'content/admin/courses/created',
    handle: { name: 'content-admin-course-created' },
    lazy: async () => ({ Component: (await authoring()).CourseCreatedRoute }),
  },
  {
    path: 'content/admin/courses/edit',
    handle: { name: 'content-admin-courses' },
    lazy: async () => ({
      Component: (await authoring()).CoursesListRoute,
    }),
  },
  {
    path: 'content/admin/courses/edit/:courseId',
    handle: { name: 'content-admin-course-edit' },
    lazy: async () => ({
      Component: (await authoring()).CourseEditRoute,
    }),
  },
  {
    path: 'content/admin/lessons/edit/:lessonId',
    handle: { name: 'content-admin-lesson-edit' },
    lazy: async () => ({
      Component: (await authoring()).LessonEditRoute,
    }),
  },
];
