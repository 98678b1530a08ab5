import type { fileUrlResponseSchema } from '@banksia/contracts/activities';
import { unwrap } from '../../../components/request-failure';
import { getJson, type Answer } from '../../../lib/request';
import { urlFor } from '../../../lib/named-routes';

/** Path of a file-upload block's file-url call (spec §7). */
export function blockFileUrlPath(activityResponseId: number, blockId: string): string {
  return urlFor('api:activity-file-url', { activityResponseId, blockId });
}

/**
 * A fresh signed link to the file uploaded into a block (it expires after 5 minutes, so ask for one each time the
 * file is opened). Throws a RequestFailure when the server refuses or cannot be reached.
 */
export async function getBlockFileUrl(
  activityResponseId: number,
  blockId: string,
  signal?: AbortSignal,
): Promise<string> {
  const body = unwrap(
    await getJson<Answer<typeof fileUrlResponseSchema>>(blockFileUrlPath(activityResponseId, blockId), {
      signal,
    }),
  );
  return body.url;
}
