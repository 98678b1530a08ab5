/**
 * TanStack Query keys of the exams API, for every feature that reads or changes the same data (marking, question
 * sets): a change made in one place updates or invalidates exactly these.
 */
export const examKeys = {
  /** Everything about exams: invalidate on sign-out or a release. */
  all: ['exams'] as const,
  /** GET api:exam: the exam with its sections and questions (solutions as the viewer may see them). */
  exam: (examId: number) => ['exams', 'exam', examId] as const,
  /** GET api:exam-classes: the viewer's classes on the exam's course and their standing there. */
  classes: (examId: number) => ['exams', 'classes', examId] as const,
  /** GET api:class-exam-sitting: a sitting; `profileId` for a teacher reading a student's, omitted for one's own. */
  sitting: ({ classId, examId, profileId }: { classId: number; examId: number; profileId?: number }) =>
    ['exams', 'sitting', classId, examId, profileId ?? 'mine'] as const,
  /** GET api:class-exam-mistakes: the student's mistakes in their last submitted sitting, and their notes. */
  mistakes: ({ classId, examId }: { classId: number; examId: number }) =>
    ['exams', 'mistakes', classId, examId] as const,
};

export interface ClassExamParams {
  classId: number;
  examId: number;
}
