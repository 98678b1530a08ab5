import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  activities,
  activityResponses,
  courses,
  examSittings,
  paymentLinks,
  rosterDatasets,
  rosterDecisions,
  supportRequests,
  taskItems,
  tasks,
} from './db/schema/index';
import {
  createClass,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createUser,
} from '../test/factories';
import { createExamWithQuestions } from '../test/exam-factories';
import { useTestApp, type TestClient } from '../test/harness';
import { multipartForm, TINY_PNG } from '../test/multipart';

/**
 * The authorization matrix: every route the app registers declares which actors may call it, and each
 * is called as each actor. A route missing from this table fails the suite.
 */
const ctx = useTestApp();

/**
 * Who calls each route: signed out; a student of the class and one of another class at the same school; the class's
 * teacher; and, from a second school, a teacher, a school admin (who teaches there) and a student.
 */
const actors = [
  'anonymous',
  'student',
  'otherStudent',
  'teacher',
  'foreignTeacher',
  'foreignAdmin',
  'foreignStudent',
  'staff',
] as const;
type ActorName = (typeof actors)[number];
const everyone = actors;
const signedIn = actors.filter((a) => a !== 'anonymous');

interface Fixture {
  classId: number;
  userId: number;
  requestId: number;
  courseId: number;
  lessonId: number;
  chunkId: number;
  /** The student's profile (notes). */
  profileId: number;
  schoolId: number;
  /** An activity with a file-upload block, and the student's response holding a file in it. */
  activityId: number;
  activityResponseId: number;
  blockId: string;
  /** An exam of the class's course with one question, and the student's open sitting of it. */
  examId: number;
  questionId: number;
  sittingId: number;
  /** A topic of the class's course (insights name one). */
  topicId: number;
  /** A task set to the class with one item: the fixture's lesson. */
  taskId: number;
  taskItemId: number;
  /** The school's slug (school dashboards) and the class's teacher's profile (class management). */
  schoolSlug: string;
  teacherProfileId: number;
  /** A roster dataset of the school and one of its student decisions. */
  datasetId: number;
  decisionId: number;
  /** The course tree node of the fixture's lesson (/secret/branches/). */
  branchId: number;
  /** The student's payment link for 2026. */
  paymentLinkCode: string;
}

interface Row {
  allow: readonly ActorName[];
  payload?: (f: Fixture) => unknown;
  /** A raw body (multipart, or an HTML form), with its content-type header, instead of JSON. */
  multipart?: () => { payload: Buffer; headers: Record<string, string> };
}

const at = '2026-03-02T09:00:00.000Z';

let rosterUpload: { payload: Buffer; headers: Record<string, string> };

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

/** A form post of the /secret/ admin, urlencoded as a browser sends it (the client adds the CSRF header). */
const secretForm = (fields: Record<string, string>) => () => ({
  payload: Buffer.from(new URLSearchParams(fields).toString()),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** The list, detail and edit routes of each /secret/ section. The edit's body is invalid: authorised → a 400 page. */
function secretRows(): Record<string, Row> {
  const sections: Array<[string, string]> = [
    ['exams', 'examId'],
    ['school-classes', 'classId'],
    ['lessons', 'lessonId'],
    ['branches', 'branchId'],
    ['activities', 'activityId'],
    ['payment-lock-list-items', 'itemId'],
  ];
  return Object.fromEntries(
    sections.flatMap(([slug, param]) => [
      [`GET /secret/${slug}/`, { allow: ['staff'] }],
      [`GET /secret/${slug}/:${param}/`, { allow: ['staff'] }],
      [`POST /secret/${slug}/:${param}/`, { allow: ['staff'], multipart: secretForm({ title: '' }) }],
    ]),
  );
}

const matrix: Record<string, Row> = {
  'GET /healthz': { allow: everyone },
  'GET /livez': { allow: everyone },
  'GET /readyz': { allow: everyone },
  // Loopback (app.inject's address) or a token: see metrics.test.ts for the refusals.
  'GET /metrics': { allow: everyone },
  'GET /api/docs': { allow: everyone },
  'GET /api/v1/csrf/': { allow: everyone },
  'POST /api/v1/auth/login/': { allow: everyone, payload: () => ({ email: 'nobody@x.test', password: 'x' }) },
  'POST /api/v1/auth/logout/': { allow: everyone },
  'GET /api/v1/auth/me/': { allow: signedIn },
  'GET /api/v1/auth/session/': { allow: everyone },
  'PATCH /api/v1/auth/profile/': { allow: signedIn, payload: () => ({ first_name: 'Same', last_name: 'Name' }) },
  'POST /api/v1/auth/password/': {
    allow: signedIn,
    payload: () => ({ current_password: 'wrong', new_password: 'long enough pw' }),
  },
  'GET /api/v1/users/': { allow: ['staff'] },
  'GET /api/v1/users/:userId/': { allow: ['staff'] },
  'GET /api/v1/users/:userId/get_roles/': { allow: ['staff'] },
  'POST /api/v1/users/:userId/save_role/': { allow: ['staff'], payload: () => ({ role: 'student', granted: true }) },
  'POST /api/v1/users/:userId/active/': { allow: ['staff'], payload: () => ({ is_active: true }) },
  'GET /api/v1/users/:userId/sign-ins/': { allow: ['staff'] },
  'GET /api/v1/schools/': { allow: signedIn },
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
  'POST /api/v1/activities/activities/': { allow: ['staff'], payload: () => ({ title: 'A', blocks: [] }) },
  'PATCH /api/v1/activities/activities/:activityId/': { allow: ['staff'], payload: () => ({ title: 'B', version: 1 }) },
  'GET /api/v1/activities/activities/': { allow: ['staff'] },
  'GET /api/v1/activities/activities/:activityId/activity_responses/': { allow: ['staff'] },
  'POST /api/v1/activities/images/': {
    allow: ['staff'],
    multipart: () => multipartForm({}, { name: 'diagram.png', content: TINY_PNG }),
  },
  'GET /api/v1/activities/activities/:activityId/': { allow: signedIn },
  // Teachers read a student's response with ?profile_id= (not sent here).
  'GET /api/v1/activities/activities/:activityId/classes/:classId/response/': { allow: ['student'] },
  // Content staff may look at any class, as on the progress pages.
  'GET /api/v1/activities/activities/:activityId/classes/:classId/responses/': { allow: ['teacher', 'staff'] },
  'PUT /api/v1/activities/activities/:activityId/classes/:classId/response/': {
    allow: ['student'],
    payload: () => ({ block_responses: {}, version: 0 }),
  },
  // Without a file the owner gets 400; everyone else is refused first.
  'POST /api/v1/activities/activity_responses/:activityResponseId/block/:blockId/upload-file/': {
    allow: ['student'],
  },
  'GET /api/v1/activities/activity_responses/:activityResponseId/block/:blockId/file-url/': {
    allow: ['student', 'teacher', 'staff'],
  },
  'POST /api/v1/asset_upload_form/': {
    allow: signedIn,
    payload: () => ({ key: 'media/assets/drawing-input-field/abcd1234.png', content_type: 'image/png' }),
  },
  'POST /api/v1/activities/drawing-assets/': {
    allow: signedIn,
    multipart: () => multipartForm({ assetId: 'abcd1234' }, { name: 'drawing.png', content: TINY_PNG }),
  },
  // The local presigned-POST receiver: its signed policy is the authorisation (tested in activities.test.ts).
  'POST /media-upload/': { allow: everyone },
  // Last of the activity rows: it deletes the fixture's response.
  'DELETE /api/v1/activities/activities/:activityId/activity_responses/': { allow: ['staff'] },
  // An exam of a course the other school's class also takes: each sees it through their own class.
  'GET /api/v1/exams/:examId/': {
    allow: ['student', 'teacher', 'foreignTeacher', 'foreignAdmin', 'foreignStudent', 'staff'],
  },
  'POST /api/v1/classes/:classId/exams/:examId/start/': { allow: ['student'] },
  // Teachers read a student's sitting with ?profile_id= (not sent here).
  'GET /api/v1/classes/:classId/exams/:examId/sitting/': { allow: ['student'] },
  'GET /api/v1/classes/:classId/exams/:examId/sittings/': { allow: ['teacher', 'staff'] },
  // Rows run in order: the student saves into the fixture's open sitting, submits it, and it is then marked.
  'PUT /api/v1/sittings/:sittingId/questions/:questionId/answer/': {
    allow: ['student'],
    payload: () => ({ answer: { text: 'x' }, version: 0 }),
  },
  'POST /api/v1/sittings/:sittingId/submit/': { allow: ['student'] },
  'PUT /api/v1/sittings/:sittingId/questions/:questionId/mark/': {
    allow: ['teacher', 'staff'],
    payload: () => ({ marks_awarded: 1 }),
  },
  // After the submit row: the student reviews the submitted sitting; a teacher transcribing gets that sitting back.
  'GET /api/v1/classes/:classId/exams/:examId/mistakes/': { allow: ['student'] },
  'PUT /api/v1/classes/:classId/exams/:examId/questions/:questionId/grok/': {
    allow: ['student'],
    payload: () => ({ grokked: true }),
  },
  'PUT /api/v1/classes/:classId/exams/:examId/questions/:questionId/note/': {
    allow: ['student'],
    payload: () => ({ body: '<p>Check the units</p>', version: 0 }),
  },
  'GET /api/v1/classes/:classId/exams/:examId/questions/:questionId/responses/': { allow: ['teacher', 'staff'] },
  'POST /api/v1/classes/:classId/exams/:examId/release/': {
    allow: ['teacher', 'staff'],
    payload: () => ({ released: true }),
  },
  'POST /api/v1/classes/:classId/exams/:examId/students/:profileId/transcribe/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/exams/:examId/classes/': {
    allow: ['student', 'teacher', 'foreignTeacher', 'foreignAdmin', 'foreignStudent'],
  },
  // The fixture's exam is no demo lesson's question set: 404 for everyone, and nobody is refused.
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
  // Spaced retrieval. After the submit row the student has a wrong answer, so a card exists. Anyone signed in has a
  // review (empty without cards); answering someone else's card, or as a non-student, is 404 by design.
  'GET /api/v1/review/': { allow: signedIn },
  'POST /api/v1/classes/:classId/review/questions/:questionId/answer/': {
    allow: signedIn,
    payload: () => ({ answer: { text: 'x' } }),
  },
  'GET /api/v1/classes/:classId/review/topics/': { allow: ['teacher', 'staff'] },
  // Insights: the class's teachers and staff (the fixture's lesson and exam are not in the topic: 404 once allowed).
  'GET /api/v1/classes/:classId/insights/topics/:topicId/lessons/:lessonId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/insights/topics/:topicId/exams/:examId/': { allow: ['teacher', 'staff'] },
  'GET /api/v1/classes/:classId/insights/topics/:topicId/exams/:examId/questions/:questionId/': {
    allow: ['teacher', 'staff'],
  },
  'GET /api/v1/demo/question-sets/:examId/': { allow: everyone },
  'POST /api/v1/demo/question-sets/:examId/check/': {
    allow: everyone,
    payload: (f) => ({ question_id: f.questionId, answer: { text: 'x' } }),
  },
  // The fixture's question already accepts 'x': nothing changes.
  'POST /api/v1/classes/:classId/exams/:examId/questions/:questionId/accept-alternative/': {
    allow: ['teacher', 'staff'],
    payload: () => ({ alternative: 'x' }),
  },
  'GET /api/v1/classes/:classId/exams/:examId/lock/': { allow: ['student', 'teacher', 'staff'] },
  'POST /api/v1/classes/:classId/exams/:examId/lock/': {
    allow: ['teacher', 'staff'],
    payload: () => ({ status: 'OPEN' }),
  },
  'PUT /api/v1/classes/:classId/students/:profileId/extra-time/': {
    allow: ['teacher', 'staff'],
    payload: () => ({ minutes: 0 }),
  },
  'GET /api/v1/config/': { allow: everyone },
  'POST /api/v1/support/requests/': {
    allow: everyone,
    payload: () => ({ message: 'Hi', email: 'a@b.test', page: '/' }),
  },
  'GET /api/v1/support/requests/': { allow: ['staff'] },
  'POST /api/v1/support/requests/:requestId/resolve/': { allow: ['staff'] },
  'POST /api/v1/analytics/': {
    allow: everyone,
    payload: () => ({ items: [{ kind: 'page_view', name: 'home', origin: null, occurred_at: at, path: '/' }] }),
  },
  'POST /api/v1/client-errors/': { allow: everyone, payload: () => ({ message: 'x', path: '/' }) },
  // Jobs, email outbox, set-password links (one block). The `:token`, `:id` placeholders stay in the URL: the
  // public link routes answer 400 (not a valid link) to everyone, the staff routes 400 to staff and 401/403 first to
  // everyone else.
  'POST /api/v1/auth/password-reset/': { allow: everyone, payload: () => ({ email: 'nobody@example.test' }) },
  'GET /api/v1/auth/password-token/:token/': { allow: everyone },
  'POST /api/v1/auth/password-token/:token/': { allow: everyone, payload: () => ({ new_password: 'long enough pw' }) },
  // The fixture's student has no password: staff send them a new invitation (school admins of their school may too).
  // A school admin may resend invitations to their own school's users: another school's admin gets 404 for ours.
  'POST /api/v1/users/:userId/resend-invitation/': { allow: ['staff', 'foreignAdmin'] },
  'GET /api/v1/admin/jobs/': { allow: ['staff'] },
  'POST /api/v1/admin/jobs/:id/retry/': { allow: ['staff'] },
  'GET /api/v1/admin/outbox/': { allow: ['staff'] },
  'GET /api/v1/admin/outbox/:id/': { allow: ['staff'] },
  // Staff reports, and the school email domains they read.
  'GET /api/v1/reports/profiles-without-email-at-domain/': { allow: ['staff'] },
  'GET /api/v1/reports/profiles-without-email-at-domain/csv/': { allow: ['staff'] },
  'GET /api/v1/reports/sales-leads/': { allow: ['staff'] },
  'GET /api/v1/reports/sales-leads/csv/': { allow: ['staff'] },
  'PUT /api/v1/schools/:schoolId/email-domains/': { allow: ['staff'], payload: () => ({ email_domains: [] }) },
  'PUT /api/v1/schools/:schoolId/time-zone/': { allow: ['staff'], payload: () => ({ time_zone: 'Australia/Perth' }) },
  // Course and lesson authoring (content staff): bodies are valid, so staff get 2xx or a 409/400 from the rules.
  'GET /api/v1/admin/overview/': { allow: ['staff'] },
  'GET /api/v1/admin/courses/': { allow: ['staff'] },
  'GET /api/v1/admin/courses/check-slug/': { allow: ['staff'] },
  'POST /api/v1/admin/courses/': {
    allow: ['staff'],
    payload: () => ({
      details: {
        title: 'Matrix course',
        slug: `matrix-${Math.random().toString(36).slice(2, 10)}`,
        subject: 'Mathematics',
        year_published: 2027,
        default_year_level: null,
        curriculum: null,
        has_textbook: false,
        show_student_notes: false,
      },
      structure: { mode: 'empty' },
    }),
  },
  'GET /api/v1/admin/courses/:courseId/': { allow: ['staff'] },
  'PATCH /api/v1/admin/courses/:courseId/': { allow: ['staff'], payload: () => ({ version: 1, subject: 'Maths' }) },
  'PUT /api/v1/admin/courses/:courseId/tree/': {
    allow: ['staff'],
    payload: () => ({ version: 1, parent_node_id: 1, node_ids: [] }),
  },
  'POST /api/v1/admin/courses/:courseId/sections/': {
    allow: ['staff'],
    payload: () => ({ version: 1, parent_node_id: 1, title: 'Topic' }),
  },
  'PATCH /api/v1/admin/courses/:courseId/sections/:sectionId/': {
    allow: ['staff'],
    payload: () => ({ version: 1, title: 'Topic' }),
  },
  'POST /api/v1/admin/courses/:courseId/lessons/': {
    allow: ['staff'],
    payload: () => ({ version: 1, parent_node_id: 1, title: 'Lesson' }),
  },
  'POST /api/v1/admin/courses/:courseId/attachments/': {
    allow: ['staff'],
    multipart: () => multipartForm({ version: '1', title: 'Sheet' }, { name: 'x.png', content: TINY_PNG }),
  },
  'PATCH /api/v1/admin/courses/:courseId/attachments/:attachmentId/': {
    allow: ['staff'],
    payload: () => ({ version: 1, is_premium: false }),
  },
  'DELETE /api/v1/admin/courses/:courseId/nodes/:nodeId/': { allow: ['staff'] },
  'GET /api/v1/admin/lessons/:lessonId/': { allow: ['staff'] },
  'PATCH /api/v1/admin/lessons/:lessonId/': {
    allow: ['staff'],
    payload: () => ({ version: 1, has_success_measure: false }),
  },
  // The video library, uploads and captions (content staff): ids that do not exist, so staff get 404/409, never 403.
  'GET /api/v1/admin/videos/': { allow: ['staff'] },
  'GET /api/v1/admin/videos/:videoId/': { allow: ['staff'] },
  'PATCH /api/v1/admin/videos/:videoId/': { allow: ['staff'], payload: () => ({ title: 'Renamed' }) },
  'DELETE /api/v1/admin/videos/:videoId/': { allow: ['staff'] },
  'POST /api/v1/admin/video-uploads/': {
    allow: ['staff'],
    payload: () => ({ title: 'Clip', file_name: 'clip.webm', content_type: 'video/webm', size: 10, duration: 5 }),
  },
  'GET /api/v1/admin/video-uploads/:uploadId/': { allow: ['staff'] },
  'POST /api/v1/admin/video-uploads/:uploadId/parts/': { allow: ['staff'], payload: () => ({ part_numbers: [1] }) },
  'PUT /api/v1/admin/video-uploads/:uploadId/': {
    allow: ['staff'],
    multipart: () => ({
      payload: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  },
  'POST /api/v1/admin/video-uploads/:uploadId/complete/': { allow: ['staff'] },
  'DELETE /api/v1/admin/video-uploads/:uploadId/': { allow: ['staff'] },
  'PUT /api/v1/admin/videos/:videoId/captions/': {
    allow: ['staff'],
    payload: () => ({ format: 'vtt', text: 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHi\n' }),
  },
  'GET /api/v1/admin/captions/': { allow: ['staff'] },
  'GET /api/v1/admin/captions/:courseId/': { allow: ['staff'] },
  'POST /api/v1/admin/captions/:courseId/orders/': { allow: ['staff'], payload: () => ({ video_ids: [] }) },
  'GET /api/v1/admin/caption-tracks/:trackId/': { allow: ['staff'] },
  'GET /api/v1/admin/caption-tracks/:trackId/vtt/': { allow: ['staff'] },
  'POST /api/v1/admin/caption-tracks/:trackId/submit/': { allow: ['staff'], payload: () => ({ version: 1 }) },
  'POST /api/v1/admin/caption-tracks/:trackId/review/': {
    allow: ['staff'],
    payload: () => ({ decision: 'send_back', version: 1, comment: 'Check the timing.' }),
  },
  'GET /api/v1/admin/caption-review/': { allow: ['staff'] },
  'GET /api/v1/admin/caption-review/:courseId/': { allow: ['staff'] },
  // Exam authoring: content staff only. The save and publish send a stale revision, so staff get 409 (allowed).
  'GET /api/v1/admin/exams/': { allow: ['staff'] },
  'GET /api/v1/admin/exams/options/': { allow: ['staff'] },
  'POST /api/v1/admin/exams/': {
    allow: ['staff'],
    payload: (f) => ({
      course_id: f.courseId,
      title: 'New quiz',
      kind: 'question_set',
      placement: { kind: 'topic', section_id: f.topicId },
      is_submittable: true,
      time_limit_minutes: null,
      additional_materials: '',
      hide_solutions_until_release: false,
    }),
  },
  'GET /api/v1/admin/exams/:examId/': { allow: ['staff'] },
  'PUT /api/v1/admin/exams/:examId/': {
    allow: ['staff'],
    payload: (f) => ({
      revision: 'stale',
      title: 'Quiz',
      kind: 'exam',
      placement: { kind: 'topic', section_id: f.topicId },
      is_submittable: true,
      time_limit_minutes: null,
      additional_materials: '',
      hide_solutions_until_release: false,
      sections: [],
    }),
  },
  'POST /api/v1/admin/exams/:examId/publish/': {
    allow: ['staff'],
    payload: () => ({ revision: 'stale', is_published: true }),
  },
  // Trials and the welcome journey: content staff only. Bodies are valid where the check comes after the policy, but
  // name no real rows where that would change the fixture (an unknown class or step is a 400/404 for staff).
  'GET /api/v1/admin/trials/': { allow: ['staff'] },
  'POST /api/v1/admin/trials/teacher/': {
    allow: ['staff'],
    payload: (f) => ({
      email: 'matrix.trial@x.test',
      first_name: 'Matrix',
      last_name: 'Trial',
      school_id: f.schoolId,
      course_id: f.courseId,
      expiration_date: '2099-01-01',
    }),
  },
  'POST /api/v1/admin/trials/student-classes/': {
    allow: ['staff'],
    payload: (f) => ({ school_id: f.schoolId, course_id: f.courseId, title: 'ST', expiration_date: '2099-01-01' }),
  },
  'POST /api/v1/admin/trials/accounts/': { allow: ['staff'], payload: () => ({ class_id: 2_000_000_000, count: 1 }) },
  'POST /api/v1/admin/trials/:classId/extend/': {
    allow: ['staff'],
    payload: () => ({ expiration_date: '2099-01-01' }),
  },
  'POST /api/v1/admin/trials/:classId/convert/': { allow: ['staff'] },
  'GET /api/v1/admin/welcome-emails/': { allow: ['staff'] },
  'POST /api/v1/admin/welcome-emails/': {
    allow: ['staff'],
    payload: () => ({
      role: 'teacher',
      class_type: 'TT',
      days_after: 1,
      subject: 'S',
      body: 'B',
      stop_when: null,
      is_active: false,
    }),
  },
  'PUT /api/v1/admin/welcome-emails/:stepId/': {
    allow: ['staff'],
    payload: () => ({
      role: 'teacher',
      class_type: 'TT',
      days_after: 1,
      subject: 'S',
      body: 'B',
      stop_when: null,
      is_active: false,
    }),
  },
  'DELETE /api/v1/admin/welcome-emails/:stepId/': { allow: ['staff'] },
  'POST /api/v1/admin/welcome-emails/preview/': { allow: ['staff'], payload: () => ({ subject: 'S', body: 'B' }) },
  'POST /api/v1/admin/welcome-emails/:stepId/test-send/': { allow: ['staff'] },
  'GET /api/v1/admin/welcome-emails/log/': { allow: ['staff'] },
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
    multipart: () => rosterUpload,
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
  // Payments administration (features/payments): content and payments staff only.
  'GET /api/v1/payments/products/:calendarYear/': { allow: ['staff'] },
  'GET /api/v1/payments/products/:calendarYear/:schoolId/': { allow: ['staff'] },
  'PUT /api/v1/payments/products/:calendarYear/:schoolId/': {
    allow: ['staff'],
    payload: () => ({
      currency: 'AUD',
      prices: { STANDARD: null, EXTENDED: null, EXTENDED_TEXTBOOK: null },
      due_date: null,
      locks_unpaid: true,
    }),
  },
  'GET /api/v1/payments/reports/students-owing/:calendarYear/': { allow: ['staff'] },
  'GET /api/v1/payments/reports/students-owing/:calendarYear/csv/': { allow: ['staff'] },
  'GET /api/v1/payments/reports/refunds-owed/:calendarYear/': { allow: ['staff'] },
  'GET /api/v1/payments/reports/refunds-owed/:calendarYear/csv/': { allow: ['staff'] },
  // Refund runs: nothing is owed in the fixture, so creating one is a 409 for staff; the run ids do not exist (404).
  'GET /api/v1/payments/refund-runs/year/:calendarYear/': { allow: ['staff'] },
  'POST /api/v1/payments/refund-runs/year/:calendarYear/': { allow: ['staff'] },
  'POST /api/v1/payments/refund-runs/:runId/approve/': { allow: ['staff'] },
  'POST /api/v1/payments/refund-runs/:runId/send/': { allow: ['staff'] },
  'POST /api/v1/payments/refund-runs/:runId/cancel/': { allow: ['staff'] },
  // The server-rendered admin (features/secret-admin): content staff only; a signed-out visitor is sent to sign in.
  'GET /secret/': { allow: ['staff'] },
  ...secretRows(),
  // Paying (features/payments/checkout.routes.ts). A payment link works signed out: its long random code is the key
  // (an altered code is 404, not another student's link: payments/checkout.test.ts). The fixture's student owes
  // nothing, so checkout answers 409 to everyone.
  'GET /api/v1/payments/me/': { allow: signedIn },
  'GET /api/v1/payments/links/:code/': { allow: everyone },
  'POST /api/v1/payments/links/:code/checkout/': { allow: everyone },
  'GET /api/v1/payments/links/:code/checkout/': { allow: everyone },
  'GET /api/v1/payments/fulfilment-review/': { allow: ['staff'] },
  'POST /api/v1/payments/fulfilment-review/:checkoutSessionId/retry/': { allow: ['staff'] },
  // Signed by the provider (Stripe-Signature) instead of a session: everyone reaches it, unsigned calls are 400.
  'POST /api/v1/payments/webhooks/stripe/': { allow: everyone, payload: () => ({ id: 'evt_x' }) },
  // The built-in test provider's checkout pages: public, like Stripe's hosted page (no such session here: 404).
  'GET /test-provider/checkout/:sessionId/': { allow: everyone },
  'POST /test-provider/checkout/:sessionId/': { allow: everyone, multipart: secretForm({ card_number: '4242' }) },
  'GET /test-provider/checkout/:sessionId/confirm/': { allow: everyone },
  'POST /test-provider/checkout/:sessionId/confirm/': {
    allow: everyone,
    multipart: secretForm({ decision: 'approve' }),
  },

  // ---- Single sign-on (issue 35, features/sso) ------------------------------------------------------------------
  // Staff manage connections. The path's id is left as `:connectionId` (not a number): staff get past the gate and
  // are answered 400 by the schema, everyone else is refused before it.
  'GET /api/v1/admin/sso-connections/': { allow: ['staff'] },
  'POST /api/v1/admin/sso-connections/': { allow: ['staff'], payload: () => ({ name: '' }) },
  'GET /api/v1/admin/sso-connections/:connectionId/': { allow: ['staff'] },
  'PATCH /api/v1/admin/sso-connections/:connectionId/': { allow: ['staff'], payload: () => ({ name: 'X' }) },
  'DELETE /api/v1/admin/sso-connections/:connectionId/': { allow: ['staff'] },
  // Signing in: public. Without an address or a state these answer 400 (a page saying the sign-in failed).
  'GET /api/v1/auth/sso/discover/': { allow: everyone },
  'GET /auth/sso/:connectionId/start/': { allow: everyone },
  'GET /auth/sso/oidc/callback/': { allow: everyone },
  // ---- end of single sign-on ------------------------------------------------------------------------------------
};

/** Routes added by plugins (OpenAPI UI and its assets) are public documentation: one row covers them. */
function rowKey(method: string, url: string): string | null {
  if (method === 'HEAD') return null; // Fastify adds HEAD for every GET; the GET row covers it
  if (url.startsWith('/api/docs')) return 'GET /api/docs';
  if (url.startsWith('/media/')) return 'GET /media/*'; // stored files (videos, captions, attachments)
  if (url.startsWith('/media-signed/')) return 'GET /media-signed/*'; // private files behind signed links
  return `${method} ${url}`;
}

let userIds: Record<ActorName, number | undefined>;
let fixture: Fixture;

beforeAll(async () => {
  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school);
  const otherClass = await createClass(ctx.db, school);
  const student = await createStudent(ctx.db, school, [klass]);
  const otherStudent = await createStudent(ctx.db, school, [otherClass]);
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const foreignSchool = await createSchool(ctx.db);
  const foreignClass = await createClass(ctx.db, foreignSchool, { courseId: klass.courseId });
  const foreignTeacher = await createTeacher(ctx.db, foreignSchool, [foreignClass]);
  const foreignAdmin = await createTeacher(ctx.db, foreignSchool, [foreignClass], {
    roles: ['teacher', 'school_admin'],
  });
  const foreignStudent = await createStudent(ctx.db, foreignSchool, [foreignClass]);
  const staff = await createUser(ctx.db, { roles: ['content_admin'] });
  const [request] = await ctx.db.insert(supportRequests).values({ message: 'm', page: '/' }).returning();
  const { lesson, chunks, node: lessonNode } = await createLesson(ctx.db, { id: klass.courseId }, { isDemo: true });
  // Students of the class may take notes on its course.
  await ctx.db
    .update(courses)
    .set({ showStudentNotes: true, featureSets: { STUDENT_NOTES: [klass.features] } })
    .where(eq(courses.id, klass.courseId));
  const [activity] = await ctx.db
    .insert(activities)
    .values({
      title: 'A',
      courseId: klass.courseId,
      blocks: [{ id: 'upload1', type: 'file-upload', data: {} }],
      updatedAt: new Date(at),
    })
    .returning();
  const [response] = await ctx.db
    .insert(activityResponses)
    .values({
      schoolId: school.id,
      activityId: activity!.id,
      classId: klass.id,
      profileId: student.profile.id,
      blockResponses: { upload1: { file_key: 'uploads/x/work.pdf' } },
      updatedAt: new Date(at),
    })
    .returning();
  const topic = await createSection(ctx.db, { id: klass.courseId });
  const { exam, questions } = await createExamWithQuestions(
    ctx.db,
    { id: klass.courseId },
    {
      questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
    },
  );
  const [sitting] = await ctx.db
    .insert(examSittings)
    .values({
      schoolId: school.id,
      classId: klass.id,
      profileId: student.profile.id,
      examId: exam.id,
      startedAt: new Date(at),
    })
    .returning();
  const [task] = await ctx.db
    .insert(tasks)
    .values({
      schoolId: school.id,
      classId: klass.id,
      title: 'Homework',
      dueAt: new Date(at),
      createdAt: new Date(at),
      updatedAt: new Date(at),
    })
    .returning();
  const [taskItem] = await ctx.db
    .insert(taskItems)
    .values({ schoolId: school.id, taskId: task!.id, kind: 'lesson', lessonId: lesson.id })
    .returning();
  const [dataset] = await ctx.db
    .insert(rosterDatasets)
    .values({
      schoolId: school.id,
      calendarYear: 2026,
      source: 'edval',
      fileSha256: 'matrix',
      fileNames: ['classlist.csv'],
      status: 'reviewing',
      counts: { rows: 1, errors: 0, classes: 1, teachers: 0, students: 1, enrolments: 1 },
      errors: [],
      createdAt: new Date(at),
    })
    .returning();
  const [decision] = await ctx.db
    .insert(rosterDecisions)
    .values({
      datasetId: dataset!.id,
      step: 'student_reconciliation',
      recordKey: '1001',
      action: 'create',
      method: 'none',
      details: { label: 'Ava Nguyen (1001)' },
    })
    .returning();
  rosterUpload = multipartForm(
    { source: 'edval', school_id: String(school.id), calendar_year: '2026' },
    {
      name: 'classlist.csv',
      content: Buffer.from('Student code,Surname,First name,Class id\r\n1001,Nguyen,Ava,9MAT1\r\n'),
    },
  );
  userIds = {
    anonymous: undefined,
    student: student.user.id,
    otherStudent: otherStudent.user.id,
    teacher: teacher.user.id,
    foreignTeacher: foreignTeacher.user.id,
    foreignAdmin: foreignAdmin.user.id,
    foreignStudent: foreignStudent.user.id,
    staff: staff.id,
  };
  fixture = {
    classId: klass.id,
    userId: student.user.id,
    requestId: request!.id,
    courseId: klass.courseId,
    lessonId: lesson.id,
    chunkId: chunks[0]!.id,
    profileId: student.profile.id,
    schoolId: school.id,
    activityId: activity!.id,
    activityResponseId: response!.id,
    blockId: 'upload1',
    examId: exam.id,
    questionId: questions[0]!.id,
    sittingId: sitting!.id,
    topicId: topic.section.id,
    taskId: task!.id,
    taskItemId: taskItem!.id,
    schoolSlug: school.slug,
    teacherProfileId: teacher.profile.id,
    datasetId: dataset!.id,
    decisionId: decision!.id,
    branchId: lessonNode.id,
    paymentLinkCode: 'matrixPaymentLinkCode0123456789ab',
  };
  await ctx.db.insert(paymentLinks).values({
    code: fixture.paymentLinkCode,
    schoolId: school.id,
    profileId: student.profile.id,
    calendarYear: 2026,
    createdAt: new Date(at),
  });
});

function fill(url: string, f: Fixture): string {
  if (url.startsWith('/api/v1/rosters/')) {
    url = url
      .replace(':id', String(f.datasetId))
      .replace(':step', 'student_reconciliation')
      .replace(':recordId', String(f.decisionId));
  }
  return url
    .replace(':classId', String(f.classId))
    .replace(':userId', String(f.userId))
    .replace(':requestId', String(f.requestId))
    .replace(':courseId', String(f.courseId))
    .replace(':lessonId', String(f.lessonId))
    .replace(':chunkId', String(f.chunkId))
    .replace(':profileId', String(f.profileId))
    .replace(':schoolId', String(f.schoolId))
    .replace(':activityId', String(f.activityId))
    .replace(':activityResponseId', String(f.activityResponseId))
    .replace(':blockId', f.blockId)
    .replace(':examId', String(f.examId))
    .replace(':questionId', String(f.questionId))
    .replace(':sittingId', String(f.sittingId))
    .replace(':topicId', String(f.topicId))
    .replace(':sectionId', String(f.topicId))
    .replace(':attachmentId', '1')
    .replace(':taskItemId', String(f.taskItemId))
    .replace(':taskId', String(f.taskId))
    .replace(':schoolSlug', f.schoolSlug)
    .replace(':branchId', String(f.branchId))
    .replace(':videoId', '999999')
    .replace(':uploadId', 'no-such-upload-0000')
    .replace(':trackId', '999999')
    .replace(':nodeId', '999999')
    .replace(':stepId', '2000000000')
    .replace(':calendarYear', '2026')
    .replace(':itemId', '2000000000')
    .replace(':runId', '2000000000')
    .replace(':code', f.paymentLinkCode)
    .replace(':checkoutSessionId', 'cs_test_no_such_session_0000')
    .replace(':sessionId', 'cs_test_no_such_session_0000');
}

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const registered = new Set(ctx.app.routeTable.map((r) => rowKey(r.method, r.url)).filter((k): k is string => !!k));
    const missing = [...registered].filter((k) => !(k in matrix));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    expect(
      Object.keys(matrix).filter((k) => !registered.has(k)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  const cases = Object.entries(matrix).flatMap(([key, row]) => actors.map((actor) => [key, actor, row] as const));
  it.each(cases)('%s as %s', async (key, actor, row) => {
    const [method, url] = key.split(' ') as [string, string];
    const client: TestClient = await ctx.client(userIds[actor]);
    const payload = row.payload?.(fixture);
    const response = await client.request({
      method: method as 'GET',
      url: fill(url, fixture),
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...row.multipart?.(),
    });
    // A server-rendered page sends a signed-out visitor to sign in instead of answering 401.
    const toSignIn = response.statusCode === 303 && String(response.headers.location).startsWith('/account/?next=');
    const denied = response.statusCode === 401 || response.statusCode === 403 || toSignIn;
    const expected = row.allow.includes(actor) ? 'allowed' : 'denied';
    expect(
      denied ? 'denied' : 'allowed',
      `${key} as ${actor}: ${response.statusCode} ${response.body.slice(0, 200)}`,
    ).toBe(expected);
    if (toSignIn) expect(actor).toBe('anonymous');
    if (response.statusCode === 403) {
      if (String(response.headers['content-type']).startsWith('text/html')) {
        expect(response.body).toContain('What are you doing here?');
      } else {
        expect(response.json().code).toBe('forbidden');
      }
    }
  });
});
