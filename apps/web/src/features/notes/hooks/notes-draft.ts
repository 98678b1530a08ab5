import { z } from 'zod';
import { readStored, removeStored, writeStored } from '../../../lib/local-storage';
import type { LessonNotesParams } from '../api/get-lesson-notes';

/**
 * An unsaved edit kept in this browser until the server has it, so a reload, a crash or a lost connection cannot
 * lose it. `base_version` is the server version the edit was made on: a draft is re-sent only if the server is still
 * on that version, otherwise someone saved in between and the person decides (never a silent overwrite).
 */
const notesDraftSchema = z.object({
  html: z.string(),
  base_version: z.number().int().nonnegative(),
  saved_at: z.string(),
});
export type NotesDraft = z.infer<typeof notesDraftSchema>;

export function notesDraftKey({ classId, lessonId, profileId }: LessonNotesParams): string {
  return `banksia:notes-draft:${classId}:${lessonId}:${profileId}`;
}

/** The stored draft, or null; a corrupt one is removed (spec §8). */
export function readNotesDraft(params: LessonNotesParams): NotesDraft | null {
  return readStored(notesDraftKey(params), notesDraftSchema);
}

export function writeNotesDraft(params: LessonNotesParams, html: string, baseVersion: number): void {
  const draft: NotesDraft = { html, base_version: baseVersion, saved_at: new Date().toISOString() };
  writeStored(notesDraftKey(params), draft);
}

export function clearNotesDraft(params: LessonNotesParams): void {
  removeStored(notesDraftKey(params));
}
