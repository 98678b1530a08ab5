import type { questionNoteSchema, QuestionNote, QuestionNoteBody } from '@banksia/contracts/exam-api';
import { urlFor } from '../../../../lib/named-routes';
import { putJson, type RequestResult, type Answer } from '../../../../lib/request';
import type { ClassExamParams } from '../../api/query-keys';

/**
 * Saves the student's note on a question (PUT api:class-exam-question-note). `version` is the version the note was
 * edited from: the server answers 409 when it was saved since (another tab or device) and writes nothing.
 *
 * Resolves to the request helper's result rather than throwing, for the Autosaver (as for lesson notes).
 */
export function saveQuestionNote(
  params: ClassExamParams & { questionId: number },
  body: QuestionNoteBody,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<RequestResult<QuestionNote>> {
  return putJson<Answer<typeof questionNoteSchema>>(urlFor('api:class-exam-question-note', { ...params }), body, {
    keepalive,
  });
}
