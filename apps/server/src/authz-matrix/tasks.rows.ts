import type { Row } from './matrix';
import { signedIn } from './personas';

/** Tasks set to a class. */
export const tasksRows: Record<string, Row> = {
  // Tasks: anyone outside the task's class gets 404, so nobody learns a task exists (404 counts as allowed here, so
  // they are listed); the class's students may read but not manage them (403).
  'GET /api/v1/tasks/': { allow: signedIn },
  'POST /api/v1/tasks/': {
    allow: ['teacher', 'staff'],
    payload: (f) => ({
      class_id: f.classId,
      title: 'Revision',
      due_at: '2026-03-09T05:00:00.000Z',
      items: [{ kind: 'lesson', lesson_id: f.lessonId }],
    }),
  },
  'GET /api/v1/classes/:classId/task-options/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/tasks/:taskId/': { allow: signedIn },
  'GET /api/v1/tasks/:taskId/items/:taskItemId/': { allow: signedIn },
  'GET /api/v1/tasks/:taskId/insights/': {
    allow: ['otherStudent', 'teacher', 'foreignTeacher', 'foreignAdmin', 'foreignStudent', 'staff'],
  },
  'GET /api/v1/tasks/:taskId/insights/:questionId/': {
    allow: ['otherStudent', 'teacher', 'foreignTeacher', 'foreignAdmin', 'foreignStudent', 'staff'],
  },
  'PATCH /api/v1/tasks/:taskId/': {
    allow: ['otherStudent', 'teacher', 'foreignTeacher', 'foreignAdmin', 'foreignStudent', 'staff'],
    payload: () => ({}),
  },
  // Last of the task rows: it deletes the fixture's task (staff then get 404, which counts as allowed).
  'DELETE /api/v1/tasks/:taskId/': {
    allow: ['otherStudent', 'teacher', 'foreignTeacher', 'foreignAdmin', 'foreignStudent', 'staff'],
  },
};
