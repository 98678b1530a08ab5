/** Named routes of content staff's activity authoring pages and their API. */
export const activityAuthoringRoutes = {
  'content-admin-activities': '/content/admin/activity/',
  'content-admin-activity-new': '/content/admin/activity/edit/',
  'content-admin-activity-edit': '/content/admin/activity/edit/{activityId}/',
  'api:activities': '/api/v1/activities/activities/',
  'api:activity-responses': '/api/v1/activities/activities/{activityId}/activity_responses/',
  'api:activity-images': '/api/v1/activities/images/',
} as const;
