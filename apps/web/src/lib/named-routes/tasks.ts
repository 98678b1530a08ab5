/** Named routes of tasks (spec §2) and their API. */
export const taskRoutes = {
  tasks: '/tasks/',
  task: '/tasks/{taskId}/',
  'task-item': '/tasks/{taskId}/task-items/{taskItemId}/',
  'task-insights': '/tasks/{taskId}/insights/',
  'task-question-insights': '/tasks/{taskId}/insights/{questionId}',
  'api:tasks': '/api/v1/tasks/',
  'api:task': '/api/v1/tasks/{taskId}/',
  'api:task-item': '/api/v1/tasks/{taskId}/items/{taskItemId}/',
  'api:task-options': '/api/v1/classes/{classId}/task-options/',
  'api:task-insights': '/api/v1/tasks/{taskId}/insights/',
  'api:task-question-insights': '/api/v1/tasks/{taskId}/insights/{questionId}/',
} as const;
