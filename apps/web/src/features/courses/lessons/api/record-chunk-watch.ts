import type { watchProgressResponse } from '@banksia/contracts/courses';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';

export type WatchProgress = ReturnType<typeof watchProgressResponse.parse>;

/**
 * Adds `seconds` of playback to the student's watch time of a chunk (api:chunk-watch). `keepalive` lets the report
 * outlive the page when it is sent on leaving.
 */
export async function recordChunkWatch(
  classId: number,
  chunkId: number,
  body: { seconds: number; position: number },
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<WatchProgress> {
  return unwrap(
    await postJson<Answer<typeof watchProgressResponse>>(urlFor('api:chunk-watch', { classId, chunkId }), body, {
      keepalive,
    }),
  );
}
