import type { RouteObject } from 'react-router';

/** Pages inside a class (children of /class/:classId, which loads the class's course once). */
export const classRoutes: RouteObject[] = [];

/** Signed-in pages outside a class. */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'school/:schoolSlug',
    handle: { name: 'school' },
    lazy: async () => ({ Component: (await import('../routes/school-dashboard')).SchoolDashboardRoute }),
  },
  {
    path: 'school/:schoolSlug/exam/:examId',
    handle: { name: 'school-exam' },
    lazy: async () => ({ Component: (await import('../routes/school-exam')).SchoolExamRoute }),
  },
  {
    path: 'school/:schoolSlug/:year/exam/:examId',
    handle: { name: 'school-year-exam' },
    lazy: async () => ({ Component: (await import('../routes/school-exam')).SchoolExamRoute }),
  },
  {
    path: 'class-management/my-school',
    handle: { name: 'class-management' },
    lazy: async () => ({ Component: (await import('../routes/class-management')).ClassManagementRoute }),
  },
  {
    path: 'class-list-uploader',
    handle: { name: 'class-list-uploader' },
    lazy: async () => ({ Component: (await import('../routes/class-list-uploader')).ClassListUploaderRoute }),
  },
];
