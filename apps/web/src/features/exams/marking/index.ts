/** Marking: a class's sittings, marking answers question by question, extra time and releasing results. */
export { type ClassExamParams, classSittingsKey, useClassSittings } from './api/get-class-sittings';
export { MarkingOverviewPage } from './routes/marking-overview-page';
export { QuestionMarkingPage } from './routes/question-marking-page';
export { numberedQuestions, plural } from './utils/format';
