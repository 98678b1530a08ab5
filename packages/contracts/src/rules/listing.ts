/** Options shared by the listing rules; staff previews pass `includeUnpublished` to see drafts. */
export interface ListingOptions {
  includeUnpublished?: boolean;
}

/** Whether a topic, lesson or exam is listed: published only, unless unpublished items are asked for (spec §5). */
export function isListed(
  item: { is_published: boolean },
  { includeUnpublished = false }: ListingOptions = {},
): boolean {
  return includeUnpublished || item.is_published;
}

/**
 * Whether an exam is listed: it must pass `isListed` and be submittable (spec §5).
 * `includeUnpublished` only relaxes the published check; a non-submittable exam is never listed.
 */
export function isExamListed(
  exam: { is_published: boolean; is_submittable: boolean },
  options: ListingOptions = {},
): boolean {
  return isListed(exam, options) && exam.is_submittable;
}

/** Whether a lesson can be opened: published, with at least one chunk, and not coming soon (spec §5). */
export function isLessonNavigable(lesson: {
  is_published: boolean;
  is_coming_soon: boolean;
  chunk_count: number;
}): boolean {
  // A lesson with no chunks has nothing to show at /lesson/{id}/{index}/, so it is not a link.
  return lesson.is_published && lesson.chunk_count >= 1 && !lesson.is_coming_soon;
}
