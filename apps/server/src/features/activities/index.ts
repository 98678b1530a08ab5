/** What other features and the app may use of activities. */
export { activitiesRoutes } from './activities.routes';
export { getResponse } from './activities.service';
export { updateActivity } from './activity-authoring.service';
export { copyActivitiesOfCourse } from './activity-copy';
