import type { ClassFeatures } from '../classes';

/** Course feature flags (spec §3); each is switched on per class feature set by the course's `feature_sets`. */
export const courseFeatures = [
  'LESSON_QUESTIONS',
  'PREMIUM_ATTACHMENTS',
  'PREMIUM_LESSONS',
  'PRINTED_TEXTBOOK',
  'STUDENT_NOTES',
  'TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET',
] as const;
export type CourseFeature = (typeof courseFeatures)[number];

/**
 * The part of a course that gates features: feature flag → class feature sets (STANDARD, EXTENDED,
 * EXTENDED_TEXTBOOK) it is on for. Keys are plain strings because the API may send flags we do not know yet.
 */
export interface CourseFeatureSets {
  feature_sets: Readonly<Record<string, readonly string[]>>;
}

/** Whether a course feature is on for a class with the given feature set; a flag missing from the map is off. */
export function hasFeature(course: CourseFeatureSets, classFeatures: ClassFeatures, feature: CourseFeature): boolean {
  return course.feature_sets[feature]?.includes(classFeatures) ?? false;
}

/** Whether students may take notes: the course shows notes and STUDENT_NOTES is on for the class. */
export function canTakeNotes(
  course: CourseFeatureSets & { show_student_notes: boolean },
  classFeatures: ClassFeatures,
): boolean {
  // Both switches are needed: show_student_notes is the author's choice, the feature set is what the school bought.
  return course.show_student_notes && hasFeature(course, classFeatures, 'STUDENT_NOTES');
}

/** Whether a lesson can be opened: any non-premium lesson, or a premium one when PREMIUM_LESSONS is on. */
export function canOpenLesson(
  lesson: { is_premium: boolean },
  course: CourseFeatureSets,
  classFeatures: ClassFeatures,
): boolean {
  return !lesson.is_premium || hasFeature(course, classFeatures, 'PREMIUM_LESSONS');
}

/** Whether an attachment can be opened: any non-premium one, or a premium one when PREMIUM_ATTACHMENTS is on. */
export function canOpenAttachment(
  attachment: { is_premium: boolean },
  course: CourseFeatureSets,
  classFeatures: ClassFeatures,
): boolean {
  return !attachment.is_premium || hasFeature(course, classFeatures, 'PREMIUM_ATTACHMENTS');
}

/** Whether lesson questions are shown for this class (LESSON_QUESTIONS). */
export function showsLessonQuestions(course: CourseFeatureSets, classFeatures: ClassFeatures): boolean {
  return hasFeature(course, classFeatures, 'LESSON_QUESTIONS');
}

/** Whether question sets use the tabbed navigation experience (TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET). */
export function usesTabbedQuestionSets(course: CourseFeatureSets, classFeatures: ClassFeatures): boolean {
  return hasFeature(course, classFeatures, 'TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET');
}
