import { describe, expect, it } from 'vitest';
import { urlFor } from './named-routes';
import type { RouteName } from './named-routes';

describe('urlFor', () => {
  it.each([
    ['api:csrf', '/api/v1/csrf/'],
    ['api:login', '/api/v1/auth/login/'],
    ['api:logout', '/api/v1/auth/logout/'],
    ['api:me', '/api/v1/auth/me/'],
    ['api:profile', '/api/v1/auth/profile/'],
    ['api:change-password', '/api/v1/auth/password/'],
    ['api:schools', '/api/v1/schools/'],
    ['api:users', '/api/v1/users/'],
    ['api:analytics', '/api/v1/analytics/'],
    ['api:client-errors', '/api/v1/client-errors/'],
    ['api:support-requests', '/api/v1/support/requests/'],
    ['api:client-config', '/api/v1/config/'],
    ['api:courses', '/api/v1/courses/'],
    ['api:my-courses', '/api/v1/courses/mine/'],
    ['api:course-options', '/api/v1/courses/options/'],
    ['api:branch-for-select', '/api/v1/branch/for_select/'],
    ['api:branch-for-select-courses', '/api/v1/branch/for_select/courses/'],
    ['ajax:self-assessment', '/api/v1/self-assessment/'],
    ['api:activities:upload-user-drawing-asset', '/api/v1/activities/drawing-assets/'],
    ['courses', '/courses/'],
    ['library', '/library/'],
    ['account-school', '/account/school/'],
    ['account-classes', '/account/classes/'],
  ] as const)('%s → %s', (name, path) => {
    expect(urlFor(name)).toBe(path);
  });

  it.each([
    ['api:class-detail', { classId: 7 }, '/api/v1/classes/7/'],
    ['api:get-roles', { userId: 3 }, '/api/v1/users/3/get_roles/'],
    ['api:save-role', { userId: 3 }, '/api/v1/users/3/save_role/'],
    ['api:user', { userId: 3 }, '/api/v1/users/3/'],
    ['api:user-active', { userId: '12' }, '/api/v1/users/12/active/'],
    ['api:support-request-resolve', { requestId: 5 }, '/api/v1/support/requests/5/resolve/'],
    ['course', { courseId: 9 }, '/course/9/'],
    ['api:presitree-assemblage', { courseId: 9 }, '/api/v1/presitree/9/assemblage/'],
    ['api:course-assemblage', { classId: 7 }, '/api/v1/classes/7/assemblage/'],
    ['api:user-progress-course', { classId: 7, userId: 3 }, '/api/v1/classes/7/users/3/progress/'],
    ['api:class-course-progress', { classId: 7 }, '/api/v1/classes/7/progress/'],
    ['api:classmates', { classId: 7 }, '/api/v1/classes/7/classmates/'],
    ['api:chunk-visit', { classId: 7, chunkId: 40 }, '/api/v1/classes/7/chunks/40/visit/'],
    ['api:chunk-watch', { classId: 7, chunkId: 40 }, '/api/v1/classes/7/chunks/40/watch/'],
    ['api:lesson-notes', { classId: 7, lessonId: 21, profileId: 8 }, '/api/v1/classes/7/lessons/21/notes/8/'],
    ['api:school-classes', { schoolId: 5 }, '/api/v1/schools/5/classes/'],
    ['api:demo-lesson', { lessonId: 21 }, '/api/v1/demo/lessons/21/'],
    ['library-access', { courseId: 9 }, '/library/access/9/'],
    ['class-course', { classId: 7 }, '/class/7/course/'],
    ['class-course-topic', { classId: 7, topicId: 12 }, '/class/7/course/12/'],
    ['class-lessons', { classId: 7 }, '/class/7/lesson/'],
    ['class-lesson', { classId: 7, lessonId: 21 }, '/class/7/lesson/21/'],
    ['class-lesson-chunk', { classId: 7, lessonId: 21, index: 2 }, '/class/7/lesson/21/2/'],
    ['class-lesson-notes', { classId: 7, lessonId: 21, profileId: 8 }, '/class/7/lesson/21/notes/8/'],
    ['class-question-set', { classId: 7, examId: 30 }, '/class/7/question-set/30/'],
    ['exam', { examId: 30 }, '/exams/30/'],
    ['demo-lesson', { lessonId: 21 }, '/demo/lesson/21/'],
    ['demo-lesson-chunk', { lessonId: 21, index: 1 }, '/demo/lesson/21/1/'],
    ['demo-question-set', { examId: 30 }, '/demo/question-set/30/'],
    ['account-school-year', { year: 2026 }, '/account/school/2026/'],
    ['account-classes-year', { year: 2026 }, '/account/classes/2026/'],
  ] as const)('%s fills in its params', (name, params, path) => {
    expect(urlFor(name, params)).toBe(path);
  });

  it('URL-encodes params', () => {
    expect(urlFor('course', { courseId: 'a b/c?d' })).toBe('/course/a%20b%2Fc%3Fd/');
  });

  it('throws for an unknown route, including inherited object keys', () => {
    expect(() => urlFor('api:nope' as RouteName)).toThrow(new Error('Unknown Route Requested'));
    expect(() => urlFor('toString' as RouteName)).toThrow(new Error('Unknown Route Requested'));
  });

  it('throws when a needed param is missing', () => {
    expect(() => urlFor('api:class-detail')).toThrow('Route "api:class-detail" needs the parameter "classId"');
    expect(() => urlFor('api:class-detail', { userId: 1 })).toThrow('classId');
  });
});
