import type { ClassFeatures } from '@banksia/contracts/classes';
import { canOpenAttachment, canOpenLesson, showsLessonQuestions } from '@banksia/contracts/rules/features';
import { isExamListed, isLessonNavigable, isListed } from '@banksia/contracts/rules/listing';
import { hasRole } from '../../platform/authz';
import type { Actor } from '../../platform/session';
import type { CourseRow } from './courses.repository';

/** Content and roster staff see every course and every item, drafts included. */
export function isContentStaff(actor: Actor): boolean {
  return hasRole(actor, 'content_admin', 'roster_admin');
}

/** A published course is open to anyone signed in; a draft only to staff (others get 404, not 403). */
export function canSeeCourse(actor: Actor, course: Pick<CourseRow, 'isPublished'>): boolean {
  return course.isPublished || isContentStaff(actor);
}

/** What one reader may see of a course's content. */
export interface ContentView {
  /** Every item, unpublished and unsubmittable ones included (flags let the interface mark them). */
  all: boolean;
  /** Whether a premium lesson's videos may be sent (its metadata always is). */
  opensLesson(lesson: { isPremium: boolean }): boolean;
  /** Whether a premium attachment's file URL may be sent. */
  opensAttachment(attachment: { isPremium: boolean }): boolean;
  /** Whether lessons' question sets are offered (LESSON_QUESTIONS for a class's students). */
  lessonQuestions: boolean;
}

/** Flags of a tree item, whatever its type (null flags: the row is missing). */
export interface ItemFlags {
  nodeType: 'course' | 'section' | 'lesson' | 'exam' | 'attachment';
  isPublished: boolean | null;
  isSubmittable: boolean | null;
}

/**
 * Whether an item is listed (spec §5): everything for a full view; otherwise topics and lessons only if
 * published, exams only if published and submittable. Attachments follow the item they sit under.
 */
export function isItemVisible(view: Pick<ContentView, 'all'>, item: ItemFlags): boolean {
  if (item.isPublished === null) return false; // a node pointing at a deleted row
  if (view.all) return true;
  const published = { is_published: item.isPublished };
  switch (item.nodeType) {
    case 'section':
    case 'lesson':
      return isListed(published);
    case 'exam':
      return isExamListed({ ...published, is_submittable: item.isSubmittable ?? false });
    default:
      return true;
  }
}

/** Whether a lesson's question set is shown: always in a full view, otherwise when it would be listed. */
export function isQuestionSetVisible(
  view: Pick<ContentView, 'all'>,
  exam: { isPublished: boolean; isSubmittable: boolean },
): boolean {
  return view.all || isExamListed({ is_published: exam.isPublished, is_submittable: exam.isSubmittable });
}

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

/** A demo lesson is open to anyone when it is a demo, navigable (spec §5), and its course is published. */
export function isOpenDemoLesson(
  lesson: { isDemo: boolean; isPublished: boolean; isComingSoon: boolean },
  chunkCount: number,
  course: { isPublished: boolean },
): boolean {
  const navigable = isLessonNavigable({
    is_published: lesson.isPublished,
    is_coming_soon: lesson.isComingSoon,
    chunk_count: chunkCount,
  });
  return lesson.isDemo && navigable && course.isPublished;
}
