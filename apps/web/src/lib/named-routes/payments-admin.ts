/** Named routes of the payments administration pages (products, owing and refund reports, refund runs) and their API. */
export const paymentsAdminRoutes = {
  'content-admin-product-editor': '/content/admin/school-class-product-editor/{calendarYear}/',
  'content-admin-product-editor-school': '/content/admin/school-class-product-editor/{calendarYear}/{schoolId}/',
  'content-admin-students-owing': '/content/admin/students-owing-report/{calendarYear}/',
  'content-admin-students-owing-school': '/content/admin/students-owing-report/{calendarYear}/{schoolId}/',
  'content-admin-refunds-owed': '/content/admin/refunds-owed-report/{calendarYear}/',
  'content-admin-refund-processes': '/content/admin/refund-processes/{calendarYear}/',
  'api:payment-products': '/api/v1/payments/products/{calendarYear}/',
  'api:payment-products-school': '/api/v1/payments/products/{calendarYear}/{schoolId}/',
  'api:report-students-owing': '/api/v1/payments/reports/students-owing/{calendarYear}/',
  'api:report-students-owing-csv': '/api/v1/payments/reports/students-owing/{calendarYear}/csv/',
  'api:report-refunds-owed': '/api/v1/payments/reports/refunds-owed/{calendarYear}/',
  'api:report-refunds-owed-csv': '/api/v1/payments/reports/refunds-owed/{calendarYear}/csv/',
  'api:refund-runs': '/api/v1/payments/refund-runs/year/{calendarYear}/',
  'api:refund-run-approve': '/api/v1/payments/refund-runs/{runId}/approve/',
  'api:refund-run-send': '/api/v1/payments/refund-runs/{runId}/send/',
  'api:refund-run-cancel': '/api/v1/payments/refund-runs/{runId}/cancel/',
} as const;
