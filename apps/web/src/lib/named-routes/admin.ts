/** Named routes of the staff admin pages (background jobs, the email outbox, reports), and their API. */
export const adminRoutes = {
  'content-admin-jobs': '/content/admin/jobs/',
  'content-admin-outbox': '/content/admin/outbox/',
  'content-admin-outbox-message': '/content/admin/outbox/{messageId}/',
  'api:admin-jobs': '/api/v1/admin/jobs/',
  'api:admin-job-retry': '/api/v1/admin/jobs/{jobId}/retry/',
  'api:admin-outbox': '/api/v1/admin/outbox/',
  'api:admin-outbox-message': '/api/v1/admin/outbox/{messageId}/',
  'content-admin-user': '/content/admin/users/edit/{id}/',
  'content-admin-email-domain-report': '/content/admin/profiles-without-email-at-domain-report/',
  'sales-lead-report': '/sales-lead/report/',
  'api:report-email-domains': '/api/v1/reports/profiles-without-email-at-domain/',
  'api:report-email-domains-csv': '/api/v1/reports/profiles-without-email-at-domain/csv/',
  'api:report-sales-leads': '/api/v1/reports/sales-leads/',
  'api:report-sales-leads-csv': '/api/v1/reports/sales-leads/csv/',
  'api:school-email-domains': '/api/v1/schools/{schoolId}/email-domains/',
} as const;
