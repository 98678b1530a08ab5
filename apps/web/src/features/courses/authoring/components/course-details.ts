import type { AdminCourseDetail, CourseDetails } from '@banksia/contracts/authoring-courses';
import { classFeatures } from '@banksia/contracts/rules/class-kinds';
import { courseFeatures } from '@banksia/contracts/rules/features';

export const featureLabels: Record<(typeof courseFeatures)[number], string> = {
  LESSON_QUESTIONS: "Lessons' question sets",
  PREMIUM_ATTACHMENTS: 'Premium attachments',
  PREMIUM_LESSONS: 'Premium lessons',
  PRINTED_TEXTBOOK: 'Printed textbook',
  STUDENT_NOTES: 'Student notes',
  TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET: 'Tabbed question sets',
};
export const featureSetLabels: Record<(typeof classFeatures)[number], string> = {
  STANDARD: 'Standard',
  EXTENDED: 'Extended',
  EXTENDED_TEXTBOOK: 'Extended + textbook',
};

/** The details form's fields of a course. */
export function detailsOf(course: AdminCourseDetail['course']): CourseDetails {
  return {
    title: course.title,
    slug: course.slug,
    subject: course.subject,
    year_published: course.year_published,
    default_year_level: course.default_year_level,
    curriculum: course.curriculum,
    has_textbook: course.has_textbook,
    show_student_notes: course.show_student_notes,
  };
}

/** Feature sets with only known flags, each list in a fixed order and empty lists dropped. */
export function normalise(
  f: Record<string, string[]>,
): Partial<Record<(typeof courseFeatures)[number], (typeof classFeatures)[number][]>> {
  const out: Partial<Record<(typeof courseFeatures)[number], (typeof classFeatures)[number][]>> = {};
  for (const feature of courseFeatures) {
    const sets = classFeatures.filter((s) => f[feature]?.includes(s));
    if (sets.length) out[feature] = sets;
  }
  return out;
}
