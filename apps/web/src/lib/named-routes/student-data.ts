/** Named routes of a student's data: the zip of everything held about them, and erasure. */
export const studentDataRoutes = {
  'api:student-data-export': '/api/v1/student-data/users/{userId}/export/',
  'api:student-data-erase': '/api/v1/student-data/users/{userId}/erase/',
} as const;
