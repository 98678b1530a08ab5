import type { RouteObject } from 'react-router';

// Marking an exam (the exams feature's marking sub-feature), from the class's progress pages:
//   /class/{classId}/progress/exam/{examId}/mark/                         the class's sittings of the exam
//   /class/{classId}/progress/exam/{examId}/mark/question/{questionId}/   every student's answer to one question

/** Pages inside a class (children of /class/:classId, which loads the class's course once). */
export const classRoutes: RouteObject[] = [
  {
    path: 'progress/exam/:examId/mark',
    handle: { name: 'class-exam-mark' },
    lazy: async () => ({
      Component: (await import('../routes/class-exam-marking-page')).ClassExamMarkingRoute,
    }),
  },
  {
    path: 'progress/exam/:examId/mark/question/:questionId',
    handle: { name: 'class-exam-mark-question' },
    lazy: async () => ({
      Component: (await import('../routes/class-exam-marking-page')).ClassExamQuestionMarkingRoute,
    }),
  },
];
