/** Named routes of the staff admin pages for background jobs and the email outbox, and their API. */
export const adminRoutes = {
  'content-admin-jobs': '/content/admin/jobs/',
  'content-admin-outbox': '/content/admin/outbox/',
  'content-admin-outbox-message': '/content/admin/outbox/{messageId}/',
  'api:admin-jobs': '/api/v1/admin/jobs/',
  'api:admin-job-retry': '/api/v1/admin/jobs/{jobId}/retry/',
  'api:admin-outbox': '/api/v1/admin/outbox/',
  'api:admin-outbox-message': '/api/v1/admin/outbox/{messageId}/',
} as const;
