import type { ClassFeatures } from '@banksia/contracts/classes';
import type { ClassAssemblage, Course, Lesson, UserCourseProgress } from '@banksia/contracts/courses';
import { canOpenLesson } from '@banksia/contracts/rules/features';
import { isLessonNavigable } from '@banksia/contracts/rules/listing';

/** Whether a class member can open a lesson, and if not, why (what the lesson lists say instead of a link). */
export type LessonAccess = 'open' | 'coming-soon' | 'premium' | 'unpublished' | 'empty';

export function lessonAccess(
  lesson: Lesson,
  course: Pick<Course, 'feature_sets'>,
  classFeatures: ClassFeatures,
): LessonAccess {
  if (lesson.is_coming_soon) return 'coming-soon';
  if (!canOpenLesson(lesson, course, classFeatures)) return 'premium';
  if (isLessonNavigable(lesson)) return 'open';
  return lesson.is_published ? 'empty' : 'unpublished';
}

/** The part to open a lesson at: the first one the student has not opened yet, else the first. */
export function resumeIndex(lesson: Lesson, progress: UserCourseProgress | null): number {
  const visited = new Set(progress?.lessons[String(lesson.id)]?.visited_chunk_ids ?? []);
  const sorted = [...lesson.chunks].sort((a, b) => a.index - b.index);
  return sorted.find((chunk) => !visited.has(chunk.id))?.index ?? sorted[0]?.index ?? 1;
}

/** The lessons a class member can open. Progress counts only these: premium and coming-soon ones would keep 100% out of reach. */
export function openableLessons(assemblage: ClassAssemblage, lessons: readonly Lesson[]): Lesson[] {
  return lessons.filter((l) => lessonAccess(l, assemblage.course, assemblage.class.features) === 'open');
}
