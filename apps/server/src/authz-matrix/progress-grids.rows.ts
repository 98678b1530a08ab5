import type { Row } from './matrix';

/** Progress grids (and their CSV) and school dashboards. */
export const progressGridsRows: Record<string, Row> = {
  // Progress grids (and their CSV): the class's teachers, its school's admins and staff; a grid the fixture cannot
  // fill (no question set, say) is 404 once allowed.
  'GET /api/v1/classes/:classId/progress-grids/exam/:examId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/progress-grids/topic/:topicId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/progress-grids/topic/:topicId/exam/:examId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/progress-grids/lesson/:lessonId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/progress-grids/student/:profileId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/progress-grids/question-set/:examId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/progress-grids/reflective-question-set/:examId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/progress-grids/question-set/:examId/question/:questionId/': {
    allow: ['teacher', 'staff'],
  },
  // School dashboards: the school's teachers and admins, and staff.
  'GET /api/v1/school-dashboards/:schoolSlug/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/school-dashboards/:schoolSlug/exams/:examId/': { allow: ['teacher', 'staff'] },
};
