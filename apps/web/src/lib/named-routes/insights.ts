/** Named routes of the class insights pages (spec §2) and their API. */
export const insightRoutes = {
  'class-lesson-dashboard': '/class/{classId}/topic/{topicId}/dashboards/lesson/{lessonId}/',
  'class-exam-insights': '/class/{classId}/topic/{topicId}/exam/{examId}/em-insights/',
  'class-exam-question-insights': '/class/{classId}/topic/{topicId}/progress/em/{examId}/question/{questionId}/',
  'api:class-lesson-insights': '/api/v1/classes/{classId}/insights/topics/{topicId}/lessons/{lessonId}/',
  'api:class-exam-insights': '/api/v1/classes/{classId}/insights/topics/{topicId}/exams/{examId}/',
  'api:class-exam-question-insights':
    '/api/v1/classes/{classId}/insights/topics/{topicId}/exams/{examId}/questions/{questionId}/',
} as const;
