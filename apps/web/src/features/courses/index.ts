// What other features and app/ use of the courses feature.
export { courseOptionsQueryOptions, useCourseOptions } from './api/get-course-options';
