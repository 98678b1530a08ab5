import type { Lesson, UserCourseProgress } from '@banksia/contracts/courses';

/** How far a student is through one lesson: chunks opened and watched, out of the lesson's chunks. */
export interface LessonChunkProgress {
  visited: number;
  watched: number;
  total: number;
  rating: number | null;
}

/** Counts only chunks the lesson still has, so removed content never makes a lesson look more than done. */
export function lessonChunkProgress(lesson: Lesson, progress: UserCourseProgress | null): LessonChunkProgress {
  const entry = progress?.lessons[String(lesson.id)];
  const chunkIds = new Set(lesson.chunks.map((c) => c.id));
  const count = (ids: readonly number[] | undefined) => (ids ?? []).filter((id) => chunkIds.has(id)).length;
  return {
    visited: count(entry?.visited_chunk_ids),
    watched: count(entry?.watched_chunk_ids),
    total: lesson.chunks.length,
    rating: entry?.self_rating ?? null,
  };
}

/** Chunks opened out of all chunks, over several lessons. */
export function chunksVisited(lessons: readonly Lesson[], progress: UserCourseProgress | null) {
  let visited = 0;
  let total = 0;
  for (const lesson of lessons) {
    const p = lessonChunkProgress(lesson, progress);
    visited += p.visited;
    total += p.total;
  }
  return { visited, total };
}
