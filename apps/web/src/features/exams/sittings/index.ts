/** Sittings: a student sits an exam (overview, sections, print) and its answers autosave. What app/ and the other exam sub-features use. */
export { useSitting } from './api/get-sitting';
export { useStartSitting } from './api/start-sitting';
export { submitSitting, useSubmitSitting } from './api/submit-sitting';
export { ExamPageHeader } from './components/exam-page-header';
export { type AnswerValue, type SittingAutosave, type SittingClosedReason } from './hooks/sitting-autosave';
export { useAnswerAutosave, useSittingAutosave, useSittingAutosaveState } from './hooks/use-sitting-autosave';
export { useExamContext } from './routes/exam-context';
export { ExamLayout, idFrom } from './routes/exam-layout';
export { ExamOverviewRoute } from './routes/exam-overview-page';
export { ExamPrintRoute, ExamSolutionsPrintRoute } from './routes/exam-print-page';
export { ExamSectionRoute } from './routes/exam-section-page';
export { examPageUrl } from './utils/exam-links';
export { orderedQuestions, orderedSections, questionNumbers } from './utils/exam-structure';
