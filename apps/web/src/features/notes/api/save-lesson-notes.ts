import type { notesSchema, Notes, SaveNotesBody } from '@banksia/contracts/courses';
import { urlFor } from '../../../lib/named-routes';
import { putJson, type RequestResult, type Answer } from '../../../lib/request';
import type { LessonNotesParams } from './get-lesson-notes';

/**
 * Saves a student's notes (PUT api:lesson-notes). `version` is the version the edit was made on; the server answers
 * 409 when the notes have been saved since (another tab or device), and 403 to anyone but their owner.
 *
 * Resolves to the request helper's result rather than throwing: autosave treats a conflict, a refusal and a lost
 * connection differently, and it outlives the page component that started it, so it is not a TanStack mutation.
 * `useNotesAutosave` writes a successful answer into the notes query.
 */
export function saveLessonNotes(
  params: LessonNotesParams,
  body: SaveNotesBody,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<RequestResult<Notes>> {
  return putJson<Answer<typeof notesSchema>>(urlFor('api:lesson-notes', { ...params }), body, {
    keepalive,
  });
}
