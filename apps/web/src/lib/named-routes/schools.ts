/** Named routes of the school dashboard, school exams, class management and the class list uploader (spec §2). */
export const schoolRoutes = {
  school: '/school/{schoolSlug}/',
  'school-exam': '/school/{schoolSlug}/exam/{examId}/',
  'school-year-exam': '/school/{schoolSlug}/{year}/exam/{examId}/',
  'class-management': '/class-management/my-school/',
  'class-list-uploader': '/class-list-uploader/',
  // API.
  'api:school-dashboard': '/api/v1/school-dashboards/{schoolSlug}/',
  'api:school-exam': '/api/v1/school-dashboards/{schoolSlug}/exams/{examId}/',
  'api:class-management': '/api/v1/class-management/',
  'api:class-management-classes': '/api/v1/class-management/schools/{schoolId}/classes/',
  'api:class-management-class': '/api/v1/class-management/classes/{classId}/',
  'api:class-activation-code': '/api/v1/class-management/classes/{classId}/activation-code/',
  'api:class-withdraw-student': '/api/v1/class-management/classes/{classId}/students/{profileId}/withdraw/',
  'api:class-list-classes': '/api/v1/class-list-uploader/classes/',
  'api:class-list-preview': '/api/v1/classes/{classId}/class-list/preview/',
  'api:class-list-apply': '/api/v1/classes/{classId}/class-list/apply/',
} as const;
