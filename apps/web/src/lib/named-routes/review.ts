/** Named routes of spaced retrieval (paths of our choosing; the spec lists the area only) and their API. */
export const reviewRoutes = {
  /** The student's review for today, across their classes. */
  review: '/review/',
  /** The topics a class keeps missing (teachers). */
  'class-review-topics': '/class/{classId}/review/',
  'api:review-today': '/api/v1/review/',
  'api:review-answer': '/api/v1/classes/{classId}/review/questions/{questionId}/answer/',
  'api:class-review-topics': '/api/v1/classes/{classId}/review/topics/',
} as const;
