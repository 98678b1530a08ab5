import type { RouteObject } from 'react-router';

const products = () => import('../../features/payments-admin/routes/product-editor-pages');
const reports = () => import('../../features/payments-admin/routes/report-pages');

/** Payments administration (inside the content_admin guard): prices, owing and refund reports, refund runs. */
export const contentAdminRoutes: RouteObject[] = [
  {
    path: 'content/admin/school-class-product-editor/:calendarYear',
    handle: { name: 'content-admin-product-editor' },
    lazy: async () => ({ Component: (await products()).ProductEditorYearRoute }),
  },
  {
    path: 'content/admin/school-class-product-editor/:calendarYear/:schoolId',
    handle: { name: 'content-admin-product-editor-school' },
    lazy: async () => ({ Component: (await products()).ProductEditorSchoolRoute }),
  },
  {
    path: 'content/admin/students-owing-report/:calendarYear',
    handle: { name: 'content-admin-students-owing' },
    lazy: async () => ({ Component: (await reports()).StudentsOwingRoute }),
  },
  {
    path: 'content/admin/students-owing-report/:calendarYear/:schoolId',
    handle: { name: 'content-admin-students-owing-school' },
    lazy: async () => ({ Component: (await reports()).StudentsOwingRoute }),
  },
  {
    path: 'content/admin/refunds-owed-report/:calendarYear',
    handle: { name: 'content-admin-refunds-owed' },
    lazy: async () => ({ Component: (await reports()).RefundsOwedRoute }),
  },
  {
    path: 'content/admin/refund-processes/:calendarYear',
    handle: { name: 'content-admin-refund-processes' },
    lazy: async () => ({
      Component: (await import('../../features/payments-admin/routes/refund-processes-page')).RefundProcessesRoute,
    }),
  },
];
