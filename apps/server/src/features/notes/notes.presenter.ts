import type { Notes } from '@banksia/contracts/courses';
import type { NotesRow } from './notes.repository';

/** A student's notes on a lesson; no notes yet reads as empty at version 0. */
export function presentNotes(lessonId: number, profileId: number, row: NotesRow | null): Notes {
  return {
    lesson_id: lessonId,
    profile_id: profileId,
    html: row?.html ?? '',
    version: row?.version ?? 0,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}
