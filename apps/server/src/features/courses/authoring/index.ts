/**
 * What others may use of course authoring: its routes (for courses' entry), the section, attachment and lesson saves
 * the /secret/ admin pages reuse, and where an exam sits in its course (exam authoring places exams in the tree).
 */
export { updateAttachment } from './attachments.service';
export { authoringRoutes } from './authoring.routes';
export { updateSection } from './course-editor.service';
export { updateLesson } from './lesson-editor.service';
