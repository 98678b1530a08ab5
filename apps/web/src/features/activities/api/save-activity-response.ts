import type { versionedResponseSchema, SaveResponseBody, VersionedResponse } from '@banksia/contracts/activities';
import { urlFor } from '../../../lib/named-routes';
import { putJson, type RequestResult, type Answer } from '../../../lib/request';

/**
 * Saves the signed-in student's response (PUT api:activity-response). `version` is the version the answers were
 * edited from: the server answers 409 when the response was saved since (another tab or device) and writes nothing.
 *
 * Resolves to the request helper's result rather than throwing: the Autosaver treats a conflict, a refusal and a lost
 * connection differently, and it outlives the page that started it, so this is not a TanStack mutation.
 */
export function saveActivityResponse(
  params: { activityId: number; classId: number },
  body: SaveResponseBody,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<RequestResult<VersionedResponse>> {
  return putJson<Answer<typeof versionedResponseSchema>>(urlFor('api:activity-response', params), body, {
    keepalive,
  });
}
