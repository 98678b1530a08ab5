import { describe, expect, it } from 'vitest';
import type { ClassFeatures } from '../classes';
import {
  canOpenAttachment,
  canOpenLesson,
  canTakeNotes,
  courseFeatures,
  hasFeature,
  showsLessonQuestions,
  usesTabbedQuestionSets,
  type CourseFeature,
} from './features';

/** A course whose flags are on for the listed class feature sets; unlisted flags are absent from the map. */
function course(feature_sets: Partial<Record<CourseFeature, ClassFeatures[]>>, show_student_notes = true) {
  return { feature_sets, show_student_notes };
}

const extendedOnly = course({
  LESSON_QUESTIONS: ['EXTENDED', 'EXTENDED_TEXTBOOK'],
  PREMIUM_ATTACHMENTS: ['EXTENDED', 'EXTENDED_TEXTBOOK'],
  PREMIUM_LESSONS: ['EXTENDED', 'EXTENDED_TEXTBOOK'],
  PRINTED_TEXTBOOK: ['EXTENDED_TEXTBOOK'],
  STUDENT_NOTES: ['STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'],
  TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET: [],
});

describe('courseFeatures', () => {
  it('lists the six flags of spec §3', () => {
    expect(courseFeatures).toEqual([
      'LESSON_QUESTIONS',
      'PREMIUM_ATTACHMENTS',
      'PREMIUM_LESSONS',
      'PRINTED_TEXTBOOK',
      'STUDENT_NOTES',
      'TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET',
    ]);
  });
});

describe('hasFeature', () => {
  it.each([
    ['LESSON_QUESTIONS', 'STANDARD', false],
    ['LESSON_QUESTIONS', 'EXTENDED', true],
    ['LESSON_QUESTIONS', 'EXTENDED_TEXTBOOK', true],
    ['PRINTED_TEXTBOOK', 'EXTENDED', false],
    ['PRINTED_TEXTBOOK', 'EXTENDED_TEXTBOOK', true],
    ['STUDENT_NOTES', 'STANDARD', true],
    ['TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET', 'EXTENDED', false],
  ] as const)('%s for %s → %s', (feature, classFeatures, expected) => {
    expect(hasFeature(extendedOnly, classFeatures, feature)).toBe(expected);
  });

  it.each(courseFeatures)('%s is off when the course has no feature sets', (feature) => {
    expect(hasFeature(course({}), 'EXTENDED_TEXTBOOK', feature)).toBe(false);
  });

  it('ignores flags it does not know and matches set names exactly', () => {
    const raw = { feature_sets: { SOMETHING_NEW: ['STANDARD'], PREMIUM_LESSONS: ['standard', 'EXTENDED '] } };
    expect(hasFeature(raw, 'STANDARD', 'PREMIUM_LESSONS')).toBe(false);
    expect(hasFeature(raw, 'EXTENDED', 'PREMIUM_LESSONS')).toBe(false);
  });
});

describe('canTakeNotes', () => {
  it.each([
    ['shown and on', true, ['STANDARD'], 'STANDARD', true],
    ['shown, on for another set only', true, ['EXTENDED'], 'STANDARD', false],
    ['shown, flag absent', true, undefined, 'EXTENDED', false],
    ['hidden by the course, flag on', false, ['STANDARD', 'EXTENDED'], 'EXTENDED', false],
    ['hidden and off', false, [], 'STANDARD', false],
  ] as const)('%s → %s', (_case, show, sets, classFeatures, expected) => {
    const c = course(sets === undefined ? {} : { STUDENT_NOTES: [...sets] }, show);
    expect(canTakeNotes(c, classFeatures)).toBe(expected);
  });
});

describe('canOpenLesson', () => {
  it.each([
    ['free lesson, STANDARD', false, 'STANDARD', true],
    ['free lesson, EXTENDED', false, 'EXTENDED', true],
    ['premium lesson, STANDARD', true, 'STANDARD', false],
    ['premium lesson, EXTENDED', true, 'EXTENDED', true],
    ['premium lesson, EXTENDED_TEXTBOOK', true, 'EXTENDED_TEXTBOOK', true],
  ] as const)('%s → %s', (_case, is_premium, classFeatures, expected) => {
    expect(canOpenLesson({ is_premium }, extendedOnly, classFeatures)).toBe(expected);
  });

  it('opens free lessons even when the course has no feature sets', () => {
    expect(canOpenLesson({ is_premium: false }, course({}), 'STANDARD')).toBe(true);
    expect(canOpenLesson({ is_premium: true }, course({}), 'EXTENDED_TEXTBOOK')).toBe(false);
  });
});

describe('canOpenAttachment', () => {
  const attachmentsOnlyForTextbook = course({
    PREMIUM_ATTACHMENTS: ['EXTENDED_TEXTBOOK'],
    PREMIUM_LESSONS: ['EXTENDED'],
  });
  it.each([
    ['free, STANDARD', false, 'STANDARD', true],
    ['premium, STANDARD', true, 'STANDARD', false],
    ['premium, EXTENDED (PREMIUM_LESSONS does not count)', true, 'EXTENDED', false],
    ['premium, EXTENDED_TEXTBOOK', true, 'EXTENDED_TEXTBOOK', true],
  ] as const)('%s → %s', (_case, is_premium, classFeatures, expected) => {
    expect(canOpenAttachment({ is_premium }, attachmentsOnlyForTextbook, classFeatures)).toBe(expected);
  });
});

describe('showsLessonQuestions and usesTabbedQuestionSets', () => {
  const c = course({ LESSON_QUESTIONS: ['STANDARD'], TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET: ['EXTENDED'] });
  it.each([
    ['STANDARD', true, false],
    ['EXTENDED', false, true],
    ['EXTENDED_TEXTBOOK', false, false],
  ] as const)('%s → lesson questions %s, tabbed %s', (classFeatures, questions, tabbed) => {
    expect(showsLessonQuestions(c, classFeatures)).toBe(questions);
    expect(usesTabbedQuestionSets(c, classFeatures)).toBe(tabbed);
  });
});
