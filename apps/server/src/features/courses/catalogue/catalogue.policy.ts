import type { ClassFeatures } from '@banksia/contracts/classes';
import { canOpenAttachment, canOpenLesson, showsLessonQuestions } from '@banksia/contracts/rules/features';
import { definePolicy } from '../../../platform/authorize';
import type { Actor } from '../../../platform/session';
import { isContentStaff, type ContentView } from '../courses.policy';
import type { CourseRow } from '../courses.repository';

declare module '../../../platform/authorize' {
  interface PolicyActions {
    /** See a course's pages outside a class (presitree, its topics and lessons in selectors). */
    'course.view': Pick<CourseRow, 'isPublished'>;
  }
}

definePolicy({
  // A published course is open to anyone signed in; a draft only to staff (others get 404, not 403).
  'course.view': (actor, course) => course.isPublished || isContentStaff(actor),
});

/**
 * The course outside a class (presitree): staff see all; everyone else sees listed items, and premium media
 * stays closed because no class grants the premium features.
 */
export function courseView(actor: Actor): ContentView {
  const staff = isContentStaff(actor);
  return {
    all: staff,
    opensLesson: (lesson) => staff || !lesson.isPremium,
    opensAttachment: (attachment) => staff || !attachment.isPremium,
    lessonQuestions: true,
  };
}

/**
 * The course of a class: its teachers (and school admins, staff) see all; students see listed items, and
 * premium lessons and attachments open only when the class's feature set includes them (course feature_sets).
 */
export function classView(
  canTeachClass: boolean,
  course: Pick<CourseRow, 'featureSets'>,
  classFeatures: ClassFeatures,
): ContentView {
  const featureSets = { feature_sets: course.featureSets };
  return {
    all: canTeachClass,
    opensLesson: (lesson) =>
      canTeachClass || canOpenLesson({ is_premium: lesson.isPremium }, featureSets, classFeatures),
    opensAttachment: (attachment) =>
      canTeachClass || canOpenAttachment({ is_premium: attachment.isPremium }, featureSets, classFeatures),
    lessonQuestions: canTeachClass || showsLessonQuestions(featureSets, classFeatures),
  };
}
