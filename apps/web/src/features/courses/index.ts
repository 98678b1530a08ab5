// What other features use of courses; app/ composes the use cases through catalogue/, lessons/ and authoring/index.
export { courseOptionsQueryOptions, useCourseOptions } from './catalogue/index';
