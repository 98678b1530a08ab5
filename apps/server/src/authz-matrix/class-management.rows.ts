import type { Row } from './matrix';
import { signedIn, type Fixture } from './personas';

/** Class management and class lists. */

/** A valid class for the class editor (create and edit check the body before who is asking). */
const classEdit = (f: Fixture) => ({
  title: '9MAT2',
  course_id: f.courseId,
  class_type: 'N',
  features: 'STANDARD',
  calendar_year: 2026,
  expiration_date: null,
  teacher_profile_ids: [f.teacherProfileId],
});

export const classManagementRows: Record<string, Row> = {
  // Class management: each signed-in user gets the classes they manage (often none); creating and editing is for
  // teachers and school admins of the school (staff have no teacher profile there).
  'GET /api/v1/class-management/': { allow: signedIn },
  'GET /api/v1/class-management/schools/:schoolId/classes/': { allow: ['teacher'] },
  'POST /api/v1/class-management/schools/:schoolId/classes/': { allow: ['teacher'], payload: classEdit },
  // The full class is sent on edit; here it is renamed.
  'PATCH /api/v1/class-management/classes/:classId/': { allow: ['teacher'], payload: classEdit },
  'POST /api/v1/class-management/classes/:classId/activation-code/': { allow: ['teacher'] },
  // Only the class's school admin may withdraw a student (none of the personas: the class's teacher is not an admin,
  // the foreign admin is another school's), so the fixture's student stays in the class.
  'POST /api/v1/class-management/classes/:classId/students/:profileId/withdraw/': { allow: [] },
  'GET /api/v1/class-list-uploader/classes/': { allow: signedIn },
  'POST /api/v1/classes/:classId/class-list/preview/': {
    allow: ['teacher'],
    payload: () => ({ csv: 'first_name,last_name,email\nAlex,Bell,alex.bell@example.test\n' }),
  },
  'POST /api/v1/classes/:classId/class-list/apply/': {
    allow: ['teacher'],
    payload: () => ({ csv: 'first_name,last_name,email\nAlex,Bell,alex.bell@example.test\n' }),
  },
};
