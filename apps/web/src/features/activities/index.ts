// What app/ and other features use of the activities feature (named re-exports only).
export { ActivityPage } from './routes/activity-page';
