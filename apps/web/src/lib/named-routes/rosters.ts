/** Named routes of the school roster uploaders and the enrolinator (roster reconciliation), and their API. */
export const rosterRoutes = {
  'school-uploader': '/school-uploader/',
  'school-uploader-page': '/school-uploader/{page}/',
  enrolinator: '/content/admin/enrolinator/',
  'enrolinator-datasets': '/content/admin/enrolinator/datasets/',
  'enrolinator-dataset': '/content/admin/enrolinator/datasets/{id}/',
  'enrolinator-step': '/content/admin/enrolinator/datasets/{id}/{step}/',
  'api:roster-sources': '/api/v1/rosters/sources/',
  'api:roster-template': '/api/v1/rosters/template.csv',
  'api:roster-datasets': '/api/v1/rosters/datasets/',
  'api:roster-dataset': '/api/v1/rosters/datasets/{id}/',
  'api:roster-step': '/api/v1/rosters/datasets/{id}/{step}/',
  'api:roster-decision': '/api/v1/rosters/datasets/{id}/{step}/{recordId}/',
  'api:roster-apply': '/api/v1/rosters/datasets/{id}/apply/',
  'api:roster-approve': '/api/v1/rosters/datasets/{id}/approve/',
  'api:roster-confirm-mapping': '/api/v1/rosters/datasets/{id}/confirm-mapping/',
  'api:roster-rollback': '/api/v1/rosters/datasets/{id}/rollback/',
} as const;
