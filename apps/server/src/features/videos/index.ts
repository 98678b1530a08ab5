/** What the app uses of videos. */
export { videosRoutes } from './videos.routes';
export { videoUploadsCleanupJob } from './videos.jobs';
