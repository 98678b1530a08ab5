// What the exams sub-features share: the exam and sitting rows and their common queries, the exam lookup in a class,
// questions, a sitting's life (deadline, view, submit, closing when time runs out), and copying a course's exams.
export {
  answersOf,
  currentSitting,
  extraTimeMinutes,
  findExam,
  findOpenSitting,
  findQuestion,
  findSitting,
  isOnRoster,
  lastSubmittedSitting,
  lockSitting,
  lockStatus,
  questionsOf,
  refreshExamTotals,
  releasedAt,
  sectionsOf,
  type AnswerRow,
  type ExamRow,
  type LockStatus,
  type MarkValues,
  type QuestionRow,
  type SectionRow,
  type SittingRow,
} from './exams.repository';
export {
  heldBack,
  iso,
  num,
  optionalIso,
  presentAnswer,
  presentExam,
  presentQuestion,
  presentSitting,
  roundMarks,
  type SittingAudience,
} from './exams.presenter';
export {
  addQuestion,
  addSection,
  questionForStudent,
  questionOf,
  questionSolution,
  sanitizeQuestion,
} from './questions';
export { isLocked, requireExamInClass, type ClassExamKey } from './exam-lookup';
export {
  closeExpiredInClass,
  closeExpiredSittings,
  closeIfExpired,
  deadlineOf,
  LATE_SAVE_GRACE_MS,
  openSitting,
  sittingDeadline,
  sittingView,
  submitInTransaction,
} from './sitting-lifecycle';
export { copyExamsOfCourse } from './exam-copy.repository';
