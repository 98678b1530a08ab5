import type { RouteObject } from 'react-router';

/** Teachers' school pages (signed in; the router adds them on the first visit to one, see router.tsx). */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'school/:schoolSlug',
    handle: { name: 'school' },
    lazy: async () => ({ Component: (await import('../routes/school-dashboard-page')).SchoolDashboardRoute }),
  },
  {
    path: 'school/:schoolSlug/exam/:examId',
    handle: { name: 'school-exam' },
    lazy: async () => ({ Component: (await import('../routes/school-exam-page')).SchoolExamRoute }),
  },
  {
    path: 'school/:schoolSlug/:year/exam/:examId',
    handle: { name: 'school-year-exam' },
    lazy: async () => ({ Component: (await import('../routes/school-exam-page')).SchoolExamRoute }),
  },
];
