import { secretForm, type Row } from './matrix';
import { everyone, signedIn } from './personas';

/** Payments administration, refund runs, paying, and the providers' pages and webhooks. */
export const paymentsRows: Record<string, Row> = {
  // Payments administration (features/payments): content and payments staff only.
  'GET /api/v1/payments/products/:calendarYear/': { allow: ['staff'] },
  'GET /api/v1/payments/products/:calendarYear/:schoolId/': { allow: ['staff'] },
  'PUT /api/v1/payments/products/:calendarYear/:schoolId/': {
    allow: ['staff'],
    payload: () => ({
      currency: 'AUD',
      prices: { STANDARD: null, EXTENDED: null, EXTENDED_TEXTBOOK: null },
      due_date: null,
      locks_unpaid: true,
    }),
  },
  'GET /api/v1/payments/reports/students-owing/:calendarYear/': { allow: ['staff'] },
  'GET /api/v1/payments/reports/students-owing/:calendarYear/csv/': { allow: ['staff'] },
  'GET /api/v1/payments/reports/refunds-owed/:calendarYear/': { allow: ['staff'] },
  'GET /api/v1/payments/reports/refunds-owed/:calendarYear/csv/': { allow: ['staff'] },
  // Refund runs: nothing is owed in the fixture, so creating one is a 409 for staff; the run ids do not exist (404).
  'GET /api/v1/payments/refund-runs/year/:calendarYear/': { allow: ['staff'] },
  'POST /api/v1/payments/refund-runs/year/:calendarYear/': { allow: ['staff'] },
  'POST /api/v1/payments/refund-runs/:runId/approve/': { allow: ['staff'] },
  'POST /api/v1/payments/refund-runs/:runId/send/': { allow: ['staff'] },
  'POST /api/v1/payments/refund-runs/:runId/cancel/': { allow: ['staff'] },
  // Paying (features/payments/checkout.routes.ts). A payment link works signed out: its long random code is the key
  // (an altered code is 404, not another student's link: payments/checkout.test.ts). The fixture's student owes
  // nothing, so checkout answers 409 to everyone.
  'GET /api/v1/payments/me/': { allow: signedIn },
  'GET /api/v1/payments/links/:code/': { allow: everyone },
  'POST /api/v1/payments/links/:code/checkout/': { allow: everyone },
  'GET /api/v1/payments/links/:code/checkout/': { allow: everyone },
  'GET /api/v1/payments/fulfilment-review/': { allow: ['staff'] },
  'POST /api/v1/payments/fulfilment-review/:checkoutSessionId/retry/': { allow: ['staff'] },
  // Signed by the provider (Stripe-Signature) instead of a session: everyone reaches it, unsigned calls are 400.
  'POST /api/v1/payments/webhooks/stripe/': { allow: everyone, payload: () => ({ id: 'evt_x' }) },
  // The built-in test provider's checkout pages: public, like Stripe's hosted page (no such session here: 404).
  'GET /test-provider/checkout/:sessionId/': { allow: everyone },
  'POST /test-provider/checkout/:sessionId/': { allow: everyone, multipart: secretForm({ card_number: '4242' }) },
  'GET /test-provider/checkout/:sessionId/confirm/': { allow: everyone },
  'POST /test-provider/checkout/:sessionId/confirm/': {
    allow: everyone,
    multipart: secretForm({ decision: 'approve' }),
  },
};
