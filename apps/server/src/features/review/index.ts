/** What the app uses of review. */
export { reviewRoutes } from './review.routes';
export { seedDemoReviews } from './review.demo';
