import type { RouteObject } from 'react-router';

const pages = () => import('../../features/exams/authoring/index');

/** Content staff pages (children of the content_admin guard): authoring exams and question sets. */
export const contentAdminRoutes: RouteObject[] = [
  {
    path: 'content/admin/exams/create',
    handle: { name: 'content-admin-exams-create' },
    lazy: async () => ({ Component: (await pages()).ExamCreateStartRoute }),
  },
  {
    path: 'content/admin/exams/create/1',
    handle: { name: 'content-admin-exams-create-details' },
    lazy: async () => ({ Component: (await pages()).ExamCreateDetailsRoute }),
  },
  {
    path: 'content/admin/exams/create/2',
    handle: { name: 'content-admin-exams-create-questions' },
    lazy: async () => ({ Component: (await pages()).ExamCreateQuestionsRoute }),
  },
  {
    path: 'content/admin/exams/edit',
    handle: { name: 'content-admin-exams' },
    lazy: async () => ({ Component: (await pages()).ExamListRoute }),
  },
  {
    path: 'content/admin/exams/edit/:examId',
    handle: { name: 'content-admin-exam-edit' },
    lazy: async () => ({ Component: (await pages()).ExamEditRoute }),
  },
];
