import { secretForm, type Row } from './matrix';

/** The server-rendered admin (/secret/). */

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

export const secretAdminRows: Record<string, Row> = {
  // The server-rendered admin (features/secret-admin): content staff only; a signed-out visitor is sent to sign in.
  'GET /secret/': { allow: ['staff'] },
  ...secretRows(),
};
