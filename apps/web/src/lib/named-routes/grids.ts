/** Named routes of the class progress grids: pages (spec §2) and their API. */
export const gridRoutes = {
  'class-progress-exam': '/class/{classId}/progress/exam/{examId}/',
  'class-progress-topic': '/class/{classId}/progress/topic/{topicId}/',
  'class-progress-topic-exam': '/class/{classId}/progress/topic/{topicId}/exam/{examId}/',
  'class-progress-lesson': '/class/{classId}/progress/lesson/{lessonId}/',
  'class-progress-student': '/class/{classId}/progress/student/{profileId}/',
  'class-progress-question-set': '/class/{classId}/progress/question-set/{examId}/',
  'class-progress-reflective-question-set': '/class/{classId}/progress/reflective-question-set/{examId}/',
  'class-progress-question-set-question': '/class/{classId}/progress/question-set/{examId}/question/{questionId}/',
  // One GET per grid; `?format=csv` answers the same grid as a CSV download, `?anonymise=1` hides names.
  'api:progress-grid-exam': '/api/v1/classes/{classId}/progress-grids/exam/{examId}/',
  'api:progress-grid-topic': '/api/v1/classes/{classId}/progress-grids/topic/{topicId}/',
  'api:progress-grid-topic-exam': '/api/v1/classes/{classId}/progress-grids/topic/{topicId}/exam/{examId}/',
  'api:progress-grid-lesson': '/api/v1/classes/{classId}/progress-grids/lesson/{lessonId}/',
  'api:progress-grid-student': '/api/v1/classes/{classId}/progress-grids/student/{profileId}/',
  'api:progress-grid-question-set': '/api/v1/classes/{classId}/progress-grids/question-set/{examId}/',
  'api:progress-grid-reflective-question-set':
    '/api/v1/classes/{classId}/progress-grids/reflective-question-set/{examId}/',
  'api:progress-grid-question-set-question':
    '/api/v1/classes/{classId}/progress-grids/question-set/{examId}/question/{questionId}/',
} as const;
