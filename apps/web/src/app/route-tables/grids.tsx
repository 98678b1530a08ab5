import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../route-handle';

const handle = (name: string): RouteHandle => ({ name });
const grids = () => import('../routes/class-progress-grid-page');

/** Pages inside a class (children of /class/:classId, which loads the class's course once). */
export const classRoutes: RouteObject[] = [
  {
    path: 'progress/exam/:examId',
    handle: handle('class-progress-exam'),
    lazy: async () => ({ Component: (await grids()).ClassProgressExamRoute }),
  },
  {
    path: 'progress/topic/:topicId',
    handle: handle('class-progress-topic'),
    lazy: async () => ({ Component: (await grids()).ClassProgressTopicRoute }),
  },
  {
    path: 'progress/topic/:topicId/exam/:examId',
    handle: handle('class-progress-topic-exam'),
    lazy: async () => ({ Component: (await grids()).ClassProgressTopicExamRoute }),
  },
  {
    path: 'progress/lesson/:lessonId',
    handle: handle('class-progress-lesson'),
    lazy: async () => ({ Component: (await grids()).ClassProgressLessonRoute }),
  },
  {
    path: 'progress/student/:profileId',
    handle: handle('class-progress-student'),
    lazy: async () => ({ Component: (await grids()).ClassProgressStudentRoute }),
  },
  {
    path: 'progress/question-set/:examId',
    handle: handle('class-progress-question-set'),
    lazy: async () => ({ Component: (await grids()).ClassProgressQuestionSetRoute }),
  },
  {
    path: 'progress/reflective-question-set/:examId',
    handle: handle('class-progress-reflective-question-set'),
    lazy: async () => ({ Component: (await grids()).ClassProgressReflectiveRoute }),
  },
  {
    path: 'progress/question-set/:examId/question/:questionId',
    handle: handle('class-progress-question-set-question'),
    lazy: async () => ({ Component: (await grids()).ClassProgressQuestionRoute }),
  },
];

/** Signed-in pages outside a class. */
export const signedInRoutes: RouteObject[] = [];
