/**
 * What other features and the app may use of payments. Loading it registers the charge and lock sync that follows
 * every change of enrolments (locks.ts, classes' `whenEnrolmentsChange`).
 */
export { paymentsCheckoutRoutes } from './checkout.routes';
export { productsRoutes } from './products.routes';
export { reportsRoutes } from './reports.routes';
export { refundRunsRoutes } from './refund-runs.routes';
export { testProviderPages } from './test-provider.pages';
export { syncCharges } from './charges';
export { syncChargesAndLocks } from './locks';
export { saveLockListItem } from './products.service';
export { paymentLocksJob } from './locks.jobs';
export { paymentTestWebhookJob } from './payments.jobs';
export { paymentsSyncSchoolJob } from './products.jobs';
