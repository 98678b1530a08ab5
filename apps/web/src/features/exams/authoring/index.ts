/** Authoring: staff create, edit and publish exams. */
export { useAuthoringOptions } from './api/get-authoring-options';
export { ExamCreateDetailsRoute, ExamCreateQuestionsRoute, ExamCreateStartRoute } from './routes/exam-create-page';
export { ExamEditRoute } from './routes/exam-edit-page';
export { ExamListRoute } from './routes/exam-list-page';
