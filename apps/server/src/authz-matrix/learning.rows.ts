import type { Row } from './matrix';
import { everyone, signedIn } from './personas';

/** A class's lessons as its students see them: progress, notes, courses, stored files. */
export const learningRows: Record<string, Row> = {
  'GET /api/v1/schools/:schoolId/classes/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/users/:userId/progress/': { allow: ['student', 'teacher', 'staff'] },
  'GET /api/v1/classes/:classId/progress/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/classmates/': { allow: ['student', 'teacher', 'staff'] },
  // Teachers and staff may call these while previewing; nothing is stored for them.
  'POST /api/v1/classes/:classId/chunks/:chunkId/visit/': { allow: ['student', 'teacher', 'staff'] },
  'POST /api/v1/classes/:classId/chunks/:chunkId/watch/': {
    allow: ['student', 'teacher', 'staff'],
    payload: () => ({ seconds: 1, position: 1 }),
  },
  // The other school's class takes the same course: its student rates the same lesson, as her own.
  'POST /api/v1/self-assessment/': {
    allow: ['student', 'foreignStudent'],
    payload: (f) => ({ branch_id: f.lessonId, rating: 3 }),
  },
  'GET /api/v1/classes/:classId/lessons/:lessonId/notes/:profileId/': { allow: ['student', 'teacher', 'staff'] },
  'PUT /api/v1/classes/:classId/lessons/:lessonId/notes/:profileId/': {
    allow: ['student'],
    payload: () => ({ html: '<p>x</p>', version: 0 }),
  },
  'GET /api/v1/classes/:classId/assemblage/': { allow: ['student', 'teacher', 'staff'] },
  'GET /api/v1/presitree/:courseId/assemblage/': { allow: signedIn },
  'GET /api/v1/courses/': { allow: signedIn },
  'GET /api/v1/courses/mine/': { allow: signedIn },
  'GET /api/v1/courses/options/': { allow: signedIn },
  'GET /api/v1/branch/for_select/': { allow: signedIn },
  'GET /api/v1/branch/for_select/courses/': { allow: signedIn },
  'GET /api/v1/demo/lessons/:lessonId/': { allow: everyone },
  'GET /media/*': { allow: everyone },
  // Private files need a signed link from file-url; without one (as here) nobody gets them.
  'GET /media-signed/*': { allow: [] },
};
