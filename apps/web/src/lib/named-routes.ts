import { activityAuthoringRoutes } from './named-routes/activity-authoring';
import { adminRoutes } from './named-routes/admin';
import { authoringRoutes } from './named-routes/authoring';
import { gridRoutes } from './named-routes/grids';
import { insightRoutes } from './named-routes/insights';
import { passwordRoutes } from './named-routes/passwords';
import { paymentsRoutes } from './named-routes/payments';
import { reviewRoutes } from './named-routes/review';
import { rosterRoutes } from './named-routes/rosters';
import { schoolRoutes } from './named-routes/schools';
import { ssoRoutes } from './named-routes/sso';
import { studentDataRoutes } from './named-routes/student-data';
import { taskRoutes } from './named-routes/tasks';
import { videoRoutes } from './named-routes/videos';

/**
 * Path templates of the named routes; `{param}` marks a part urlFor fills in.
 * Add a route by adding a line here.
 */
export const namedRoutes = {
  'api:csrf': '/api/v1/csrf/',
  'api:login': '/api/v1/auth/login/',
  'api:logout': '/api/v1/auth/logout/',
  'api:me': '/api/v1/auth/me/',
  'api:session': '/api/v1/auth/session/',
  'api:profile': '/api/v1/auth/profile/',
  'api:change-password': '/api/v1/auth/password/',
  'api:schools': '/api/v1/schools/',
  'api:class-detail': '/api/v1/classes/{classId}/',
  'api:get-roles': '/api/v1/users/{userId}/get_roles/',
  'api:save-role': '/api/v1/users/{userId}/save_role/',
  'api:users': '/api/v1/users/',
  'api:user': '/api/v1/users/{userId}/',
  'api:user-active': '/api/v1/users/{userId}/active/',
  'api:analytics': '/api/v1/analytics/',
  'api:client-errors': '/api/v1/client-errors/',
  'api:support-requests': '/api/v1/support/requests/',
  'api:support-request-resolve': '/api/v1/support/requests/{requestId}/resolve/',
  'api:client-config': '/api/v1/config/',
  'api:presitree-assemblage': '/api/v1/presitree/{courseId}/assemblage/',
  'api:course-assemblage': '/api/v1/classes/{classId}/assemblage/',
  'api:user-progress-course': '/api/v1/classes/{classId}/users/{userId}/progress/',
  'api:class-course-progress': '/api/v1/classes/{classId}/progress/',
  'api:classmates': '/api/v1/classes/{classId}/classmates/',
  'api:courses': '/api/v1/courses/',
  'api:my-courses': '/api/v1/courses/mine/',
  'api:course-options': '/api/v1/courses/options/',
  'api:branch-for-select': '/api/v1/branch/for_select/',
  'api:branch-for-select-courses': '/api/v1/branch/for_select/courses/',
  'ajax:self-assessment': '/api/v1/self-assessment/',
  'api:chunk-visit': '/api/v1/classes/{classId}/chunks/{chunkId}/visit/',
  'api:chunk-watch': '/api/v1/classes/{classId}/chunks/{chunkId}/watch/',
  'api:lesson-notes': '/api/v1/classes/{classId}/lessons/{lessonId}/notes/{profileId}/',
  'api:school-classes': '/api/v1/schools/{schoolId}/classes/',
  'api:demo-lesson': '/api/v1/demo/lessons/{lessonId}/',
  'api:demo-question-set': '/api/v1/demo/question-sets/{examId}/',
  'api:demo-question-set-check': '/api/v1/demo/question-sets/{examId}/check/',
  'api:activities:upload-user-drawing-asset': '/api/v1/activities/drawing-assets/',
  'api:activity': '/api/v1/activities/activities/{activityId}/',
  'api:activity-response': '/api/v1/activities/activities/{activityId}/classes/{classId}/response/',
  'api:activity-class-responses': '/api/v1/activities/activities/{activityId}/classes/{classId}/responses/',
  'api:activity-upload-file': '/api/v1/activities/activity_responses/{activityResponseId}/block/{blockId}/upload-file/',
  'api:activity-file-url': '/api/v1/activities/activity_responses/{activityResponseId}/block/{blockId}/file-url/',
  'api:asset-upload-form': '/api/v1/asset_upload_form/',
  'api:class-exam-lock': '/api/v1/classes/{classId}/exams/{examId}/lock/',
  'api:exam': '/api/v1/exams/{examId}/',
  'api:exam-classes': '/api/v1/exams/{examId}/classes/',
  'api:class-exam-start': '/api/v1/classes/{classId}/exams/{examId}/start/',
  'api:class-exam-sitting': '/api/v1/classes/{classId}/exams/{examId}/sitting/',
  'api:class-exam-sittings': '/api/v1/classes/{classId}/exams/{examId}/sittings/',
  'api:sitting-answer': '/api/v1/sittings/{sittingId}/questions/{questionId}/answer/',
  'api:sitting-submit': '/api/v1/sittings/{sittingId}/submit/',
  'api:sitting-mark': '/api/v1/sittings/{sittingId}/questions/{questionId}/mark/',
  'api:class-exam-accept-alternative':
    '/api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/accept-alternative/',
  'api:class-exam-question-responses': '/api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/responses/',
  'api:class-exam-release': '/api/v1/classes/{classId}/exams/{examId}/release/',
  'api:class-student-extra-time': '/api/v1/classes/{classId}/students/{profileId}/extra-time/',
  'api:class-exam-transcribe': '/api/v1/classes/{classId}/exams/{examId}/students/{profileId}/transcribe/',
  'api:class-exam-mistakes': '/api/v1/classes/{classId}/exams/{examId}/mistakes/',
  'api:class-exam-question-grok': '/api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/grok/',
  'api:class-exam-question-note': '/api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/note/',
  // Pages.
  course: '/course/{courseId}/',
  courses: '/courses/',
  library: '/library/',
  'library-access': '/library/access/{courseId}/',
  'class-course': '/class/{classId}/course/',
  'class-course-topic': '/class/{classId}/course/{topicId}/',
  'class-lessons': '/class/{classId}/lesson/',
  'class-lesson': '/class/{classId}/lesson/{lessonId}/',
  'class-lesson-chunk': '/class/{classId}/lesson/{lessonId}/{index}/',
  'class-lesson-notes': '/class/{classId}/lesson/{lessonId}/notes/{profileId}/',
  'class-lesson-activity': '/class/{classId}/lesson/{lessonId}/activity/{activityId}/',
  'class-question-set': '/class/{classId}/question-set/{examId}/',
  'class-question-set-question': '/class/{classId}/question-set/{examId}/question/{questionId}/',
  exam: '/exams/{examId}/',
  'exam-print': '/exams/{examId}/print/',
  'exam-solutions-print': '/exams/{examId}/solutions/print/',
  'exam-mistakes': '/exams/{examId}/mistakes/',
  'exam-mistake': '/exams/{examId}/mistakes/{questionId}/',
  'exam-mistake-solution': '/exams/{examId}/mistakes/{questionId}/solution/',
  'exam-section': '/exams/{examId}/{sectionId}/',
  'exam-section-solution': '/exams/{examId}/{sectionId}/solution/',
  'class-exam-mark': '/class/{classId}/progress/exam/{examId}/mark/',
  'class-exam-mark-question': '/class/{classId}/progress/exam/{examId}/mark/question/{questionId}/',
  'exam-transcribe': '/exams/{examId}/transcribe/{sectionId}/',
  'demo-lesson': '/demo/lesson/{lessonId}/',
  'demo-lesson-chunk': '/demo/lesson/{lessonId}/{index}/',
  'demo-question-set': '/demo/question-set/{examId}/',
  'demo-question-set-question': '/demo/question-set/{examId}/question/{questionId}/',
  'account-school': '/account/school/',
  'account-school-year': '/account/school/{year}/',
  'account-classes': '/account/classes/',
  'account-classes-year': '/account/classes/{year}/',
  // Each area keeps its own table (lib/named-routes/), so areas built side by side do not edit one list.
  ...gridRoutes,
  ...insightRoutes,
  ...taskRoutes,
  ...reviewRoutes,
  ...rosterRoutes,
  ...schoolRoutes,
  ...adminRoutes,
  ...authoringRoutes,
  ...videoRoutes,
  ...passwordRoutes,
  ...ssoRoutes,
  ...activityAuthoringRoutes,
  ...studentDataRoutes,
  ...paymentsRoutes,
} as const;

export type RouteName = keyof typeof namedRoutes;
export type RouteParams = Record<string, string | number>;

/** The path of a named route with its params URL-encoded; throws on an unknown name or a missing param. */
export function urlFor(name: RouteName, params: RouteParams = {}): string {
  // Names can arrive untyped (e.g. from data), so the type alone does not guarantee the route exists.
  if (!Object.hasOwn(namedRoutes, name)) throw new Error('Unknown Route Requested');
  return namedRoutes[name].replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route "${name}" needs the parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
}
