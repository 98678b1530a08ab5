import type { RouteObject } from 'react-router';

/** Pages inside a class (children of /class/:classId, which loads the class's course once). */
export const classRoutes: RouteObject[] = [];

/** Signed-in pages outside a class: tasks (spec §2 "Tasks"). */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'tasks',
    handle: { name: 'tasks' },
    lazy: async () => ({ Component: (await import('../routes/tasks-page')).TasksRoute }),
  },
  {
    path: 'tasks/:taskId',
    handle: { name: 'task' },
    lazy: async () => ({ Component: (await import('../routes/task-page')).TaskRoute }),
  },
  {
    path: 'tasks/:taskId/task-items/:taskItemId',
    handle: { name: 'task-item' },
    lazy: async () => ({ Component: (await import('../routes/task-item-page')).TaskItemRoute }),
  },
  {
    path: 'tasks/:taskId/insights',
    handle: { name: 'task-insights' },
    lazy: async () => ({ Component: (await import('../routes/task-insights-page')).TaskInsightsRoute }),
  },
  {
    path: 'tasks/:taskId/insights/:questionId',
    handle: { name: 'task-question-insights' },
    lazy: async () => ({
      Component: (await import('../routes/task-question-insights-page')).TaskQuestionInsightsRoute,
    }),
  },
];
