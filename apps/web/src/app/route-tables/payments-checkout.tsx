import type { RouteObject } from 'react-router';

/** Paying: a payment link and the fulfilment page work signed out (the link's code is the key). */
export const publicRoutes: RouteObject[] = [
  {
    path: 'payment/:code',
    handle: { name: 'payment-link' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/payment-pages')).PaymentLinkRoute,
    }),
  },
  {
    path: 'fulfilment',
    handle: { name: 'fulfilment' },
    lazy: async () => ({ Component: (await import('../../features/payments/routes/payment-pages')).FulfilmentRoute }),
  },
];

/** The signed-in student's payment page, and the staff's fulfilment review (the API refuses anyone else). */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'payment',
    handle: { name: 'payment' },
    lazy: async () => ({ Component: (await import('../../features/payments/routes/payment-pages')).MyPaymentRoute }),
  },
  {
    path: 'content/admin/fulfilment-review',
    handle: { name: 'content-admin-fulfilment-review' },
    lazy: async () => ({
      Component: (await import('../../features/payments/routes/fulfilment-review')).FulfilmentReviewRoute,
    }),
  },
];
