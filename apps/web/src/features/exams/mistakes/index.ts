/** Mistakes: after results are released, a student's wrong answers, notes and the sections' worked solutions. */
export { ExamMistakeRoute, ExamMistakeSolutionRoute, ExamMistakesRoute } from './routes/exam-mistakes-page';
export { ExamSectionSolutionRoute } from './routes/exam-section-solution-page';
