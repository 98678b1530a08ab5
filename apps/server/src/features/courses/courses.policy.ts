import { isExamListed, isListed } from '@banksia/contracts/rules/listing';
import { hasRole } from '../../platform/authz';
import type { Actor } from '../../platform/session';

// The listing rules every part of courses applies: who counts as content staff and which items a reader sees.

/** Content and roster staff see every course and every item, drafts included. */
export function isContentStaff(actor: Actor): boolean {
  return hasRole(actor, 'content_admin', 'roster_admin');
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
