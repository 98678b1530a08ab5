import type { RouteObject } from 'react-router';

/** Paying: a payment link and the fulfilment page work signed out (the link's code is the key). */
export const publicRoutes: RouteObject[] = [
  {
    path: 'payment/:code',
    handle: { name: 'payment-link' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/payment-link-page')).PaymentLinkRoute,
    }),
  },
  {
    path: 'fulfilment',
    handle: { name: 'fulfilment' },
    lazy: async () => ({ Component: (await import('../../features/payments/routes/fulfilment-page')).FulfilmentRoute }),
  },
];

/** The signed-in student's payment page, and the staff's fulfilment review (the API refuses anyone else). */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'payment',
    handle: { name: 'payment' },
    lazy: async () => ({ Component: (await import('../../features/payments/routes/my-payment-page')).MyPaymentRoute }),
  },
  {
    path: 'content/admin/fulfilment-review',
    handle: { name: 'content-admin-fulfilment-review' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/fulfilment-review-page')).FulfilmentReviewRoute,
    }),
  },
];

/**
 * Payments administration (inside the content_admin guard, added with the content staff's table): prices, owing and
 * refund reports, refund runs.
 */
export const contentAdminRoutes: RouteObject[] = [
  {
    path: 'content/admin/school-class-product-editor/:calendarYear',
    handle: { name: 'content-admin-product-editor' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/product-editor-page')).ProductEditorYearRoute,
    }),
  },
  {
    path: 'content/admin/school-class-product-editor/:calendarYear/:schoolId',
    handle: { name: 'content-admin-product-editor-school' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/school-product-editor-page')).ProductEditorSchoolRoute,
    }),
  },
  {
    path: 'content/admin/students-owing-report/:calendarYear',
    handle: { name: 'content-admin-students-owing' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/students-owing-page')).StudentsOwingRoute,
    }),
  },
  {
    path: 'content/admin/students-owing-report/:calendarYear/:schoolId',
    handle: { name: 'content-admin-students-owing-school' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/students-owing-page')).StudentsOwingRoute,
    }),
  },
  {
    path: 'content/admin/refunds-owed-report/:calendarYear',
    handle: { name: 'content-admin-refunds-owed' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/refunds-owed-page')).RefundsOwedRoute,
    }),
  },
  {
    // The page of the payments feature's refund runs; its address and page-view name keep their first name.
    path: 'content/admin/refund-processes/:calendarYear',
    handle: { name: 'content-admin-refund-processes' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/refund-runs-page')).RefundRunsRoute,
    }),
  },
];
