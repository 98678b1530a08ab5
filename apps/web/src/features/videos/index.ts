// What app/ and other features use of the videos feature (named re-exports only).

// The pages app/'s route tables load. The tables import each page module by its path (not this file), so
// every page stays its own lazy chunk.
export { CaptionCoursesRoute } from './routes/caption-courses-page';
export { CaptionReviewCoursesRoute } from './routes/caption-review-courses-page';
export { CourseCaptionReviewRoute } from './routes/course-caption-review-page';
export { CourseCaptionsRoute } from './routes/course-captions-page';
export { VideosRoute } from './routes/videos-page';
