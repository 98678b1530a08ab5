/** Authoring: staff create, edit and publish exams. */
export { useAuthoringOptions } from './api/get-authoring-options';
export {
  ExamCreateDetailsRoute,
  ExamCreateQuestionsRoute,
  ExamCreateStartRoute,
  ExamEditRoute,
  ExamListRoute,
} from './routes/exam-authoring-pages';
