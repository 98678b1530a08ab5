import { isLessonNavigable } from '@banksia/contracts/rules/listing';

/**
 * A demo lesson is open to anyone when it is a demo, navigable (spec §5), and its course is published. The demo page
 * is public (no actor), so this is a plain rule rather than an `authorize()` action, which decides for a signed-in
 * actor.
 */
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
