import { multipartForm, TINY_PNG } from '../../test/multipart';
import type { Row } from './matrix';

/** Content staff's authoring: courses and lessons, videos and captions, exams, trials and welcome emails. */
export const authoringRows: Record<string, Row> = {
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
};
