import { urlFor, type RouteName } from '../../../../lib/named-routes';

/** The query parameter that says which class an exam page is for. */
export const CLASS_PARAM = 'class';

/**
 * The path of an exam page for a class: `?class=` keeps the class chosen as the student moves between the exam's
 * pages. Without a class (not chosen yet) the plain path.
 */
export function examPageUrl(
  name: Extract<
    RouteName,
    | 'exam'
    | 'exam-print'
    | 'exam-solutions-print'
    | 'exam-mistakes'
    | 'exam-mistake'
    | 'exam-mistake-solution'
    | 'exam-section'
    | 'exam-section-solution'
  >,
  params: { examId: number; sectionId?: number; questionId?: number },
  classId: number | null,
): string {
  const path = urlFor(name, params as Record<string, number>);
  return classId === null ? path : `${path}?${CLASS_PARAM}=${classId}`;
}
