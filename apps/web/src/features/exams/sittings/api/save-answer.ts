import type { sittingAnswerSchema, SaveAnswerBody, SittingAnswer } from '@banksia/contracts/exam-api';
import { urlFor } from '../../../../lib/named-routes';
import { putJson, type RequestResult, type Answer } from '../../../../lib/request';

/**
 * Saves one answer of an open sitting (PUT api:sitting-answer). `version` is the version the answer was edited from
 * (0 for a first answer): the server answers 409 `conflict` when it was saved since, and 409 `sitting_submitted`,
 * `exam_locked` or `time_up` when the sitting takes no more answers; it writes nothing then.
 *
 * Resolves to the request helper's result rather than throwing: autosave treats each refusal differently, and it
 * outlives the page that started it, so it is not a TanStack mutation.
 */
export function saveAnswer(
  params: { sittingId: number; questionId: number },
  body: SaveAnswerBody,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<RequestResult<SittingAnswer>> {
  return putJson<Answer<typeof sittingAnswerSchema>>(urlFor('api:sitting-answer', { ...params }), body, {
    keepalive,
  });
}
