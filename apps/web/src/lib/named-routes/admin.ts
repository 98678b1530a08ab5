/** Named routes of the staff admin pages (background jobs, the email outbox, exam authoring) and their API. */
export const adminRoutes = {
  'content-admin-jobs': '/content/admin/jobs/',
  'content-admin-outbox': '/content/admin/outbox/',
  'content-admin-outbox-message': '/content/admin/outbox/{messageId}/',
  'api:admin-jobs': '/api/v1/admin/jobs/',
  'api:admin-job-retry': '/api/v1/admin/jobs/{jobId}/retry/',
  'api:admin-outbox': '/api/v1/admin/outbox/',
  'api:admin-outbox-message': '/api/v1/admin/outbox/{messageId}/',
  'content-admin-exams-create': '/content/admin/exams/create/',
  'content-admin-exams-create-details': '/content/admin/exams/create/1/',
  'content-admin-exams-create-questions': '/content/admin/exams/create/2/',
  'content-admin-exams': '/content/admin/exams/edit/',
  'content-admin-exam-edit': '/content/admin/exams/edit/{examId}/',
  'api:admin-exams': '/api/v1/admin/exams/',
  'api:admin-exam-options': '/api/v1/admin/exams/options/',
  'api:admin-exam': '/api/v1/admin/exams/{examId}/',
  'api:admin-exam-publish': '/api/v1/admin/exams/{examId}/publish/',
} as const;
