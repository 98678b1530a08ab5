import type { Row } from './matrix';
import { rosterUpload } from './personas';

/** A student's data, school rosters and their printable pages. */
export const rostersRows: Record<string, Row> = {
  // A student's data: staff, and school admins of the student's schools. Another school's admin gets 404 (allowed
  // here: not a 401/403), a teacher who is not a school admin and students 403. The wrong name makes the erasure a
  // 400 for staff, so the fixture's student survives the matrix.
  'GET /api/v1/student-data/users/:userId/export/': { allow: ['staff', 'foreignAdmin'] },
  'POST /api/v1/student-data/users/:userId/erase/': {
    allow: ['staff', 'foreignAdmin'],
    payload: () => ({ confirm_name: 'Not their name' }),
  },
  // School rosters: content and roster staff (any school), school admins (their own school: another school's
  // dataset is a 404 for them, allowed here). The upload names the fixture's school, so only staff may make it.
  'GET /api/v1/rosters/sources/': { allow: ['staff', 'foreignAdmin'] },
  'GET /api/v1/rosters/template.csv': { allow: ['staff', 'foreignAdmin'] },
  'POST /api/v1/rosters/datasets/': {
    allow: ['staff'],
    multipart: rosterUpload,
  },
  'GET /api/v1/rosters/datasets/': { allow: ['staff', 'foreignAdmin'] },
  'GET /api/v1/rosters/datasets/:id/': { allow: ['staff', 'foreignAdmin'] },
  'GET /api/v1/rosters/datasets/:id/:step/': { allow: ['staff', 'foreignAdmin'] },
  'PUT /api/v1/rosters/datasets/:id/:step/:recordId/': {
    allow: ['staff', 'foreignAdmin'],
    payload: () => ({ action: 'leave' }),
  },
  'POST /api/v1/rosters/datasets/:id/apply/': { allow: ['staff', 'foreignAdmin'] },
  'POST /api/v1/rosters/datasets/:id/approve/': { allow: ['staff', 'foreignAdmin'] },
  'POST /api/v1/rosters/datasets/:id/confirm-mapping/': { allow: ['staff', 'foreignAdmin'] },
  'POST /api/v1/rosters/datasets/:id/rollback/': { allow: ['staff', 'foreignAdmin'] },
  'POST /api/v1/rosters/datasets/:id/retry/': { allow: ['staff', 'foreignAdmin'] },
  // The printable roster pages (features/rosters/rosters.pages.ts): as the roster API; signed out → sign in.
  'GET /enrolinator/datasets/': { allow: ['staff', 'foreignAdmin'] },
  'GET /enrolinator/datasets/:id/': { allow: ['staff', 'foreignAdmin'] },
};
