import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../route-handle';

const handle = (name: string): RouteHandle => ({ name });

/** Pages inside a class (children of /class/:classId, which loads the class's course once). */
export const classRoutes: RouteObject[] = [
  {
    path: 'topic/:topicId/dashboards/lesson/:lessonId',
    handle: handle('class-lesson-dashboard'),
    lazy: async () => ({ Component: (await import('../routes/class-insights-lesson-page')).ClassLessonDashboardRoute }),
  },
  {
    path: 'topic/:topicId/exam/:examId/em-insights',
    handle: handle('class-exam-insights'),
    lazy: async () => ({ Component: (await import('../routes/class-insights-exam-page')).ClassExamInsightsRoute }),
  },
  {
    path: 'topic/:topicId/progress/em/:examId/question/:questionId',
    handle: handle('class-exam-question-insights'),
    lazy: async () => ({
      Component: (await import('../routes/class-insights-exam-page')).ClassExamQuestionInsightsRoute,
    }),
  },
];

/** Signed-in pages outside a class. */
export const signedInRoutes: RouteObject[] = [];
