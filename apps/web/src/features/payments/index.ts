// What app/ and other features use of the payments feature (named re-exports only).

// The pages app/'s route tables load. The tables import each page module by its path (not this file), so
// every page stays its own lazy chunk.
export { FulfilmentRoute } from './routes/fulfilment-page';
export { FulfilmentReviewRoute } from './routes/fulfilment-review-page';
export { MyPaymentRoute } from './routes/my-payment-page';
export { PaymentLinkRoute } from './routes/payment-link-page';
export { ProductEditorYearRoute } from './routes/product-editor-page';
export { RefundRunsRoute } from './routes/refund-runs-page';
export { RefundsOwedRoute } from './routes/refunds-owed-page';
export { ProductEditorSchoolRoute } from './routes/school-product-editor-page';
export { StudentsOwingRoute } from './routes/students-owing-page';
