/**
 * What app/ and other features use of the catalogue: course lists and the library, course pages (presitree), a
 * class's course views and progress, self-rating and the lesson index.
 */
export { classAssemblageQueryOptions, useClassAssemblage } from './api/get-class-assemblage';
export { useClassCourseProgress } from './api/get-class-course-progress';
export { courseOptionsQueryOptions, useCourseOptions } from './api/get-course-options';
export { useCourses } from './api/get-courses';
export { useMyCourses } from './api/get-my-courses';
export { usePresitreeAssemblage } from './api/get-presitree-assemblage';
export {
  useChunkProgressUpdates,
  userCourseProgressQueryOptions,
  useUserCourseProgress,
} from './api/get-user-course-progress';
export { useSetSelfRating } from './api/set-self-rating';
export { AttachmentList } from './components/attachment-list';
export { StudentCourseOverview, TeacherCourseOverview } from './components/class-course-overview';
export { CourseAccess } from './components/course-access';
export { CourseOutline } from './components/course-outline';
export { LessonIndex } from './components/lesson-index';
export { LibraryBrowser } from './components/library-browser';
export { MyCourseList } from './components/my-course-list';
export { ProgressMeter } from './components/progress-meter';
export { TopicContents } from './components/topic-contents';
export { findNode, lessonAttachments, lessonsUnder, looseLessons, topicOfLesson, topicsOf } from './utils/class-tree';
export { type LessonAccess, lessonAccess, openableLessons } from './utils/lesson-access';
export { chunksVisited } from './utils/lesson-progress';
