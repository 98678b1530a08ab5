// What app/ and other features use of the insights feature (named re-exports only).
export { ExamInsightsPage } from './routes/exam-insights-page';
export { LessonInsightsPage } from './routes/lesson-insights-page';
export { QuestionInsightsPage } from './routes/question-insights-page';
