import type { Row } from './matrix';
import { everyone, signedIn } from './personas';

/** Exams taken and marked, spaced retrieval, insights, demo question sets, locks and extra time. */
export const examsRows: Record<string, Row> = {
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
  // The fixture's exam is no demo lesson's question set: 404 for everyone, and nobody is refused.
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
};
