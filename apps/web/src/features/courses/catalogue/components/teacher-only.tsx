import { lazy } from 'react';

// The parts of the course and topic pages only teachers see: the lesson table (Mantine's Table, with its scroll
// container and the floating layer under it) and the exam actions (the lock switch). A student's page never loads
// their code; on a teacher's page they suspend the page's Suspense boundary until it has arrived, so the page shows
// its skeleton a moment longer rather than filling in piece by piece.

export const TeacherLessonTable = lazy(async () => ({
  default: (await import('./teacher-lesson-table')).TeacherLessonTable,
}));

export const ExamTeacherActions = lazy(async () => ({
  default: (await import('./exam-teacher-actions')).ExamTeacherActions,
}));
