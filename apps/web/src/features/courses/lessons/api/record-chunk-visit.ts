import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson } from '../../../../lib/request';

/** Records that the signed-in student opened a chunk of a lesson in a class (api:chunk-visit; 204). */
export async function recordChunkVisit(classId: number, chunkId: number): Promise<void> {
  unwrap(await postJson(urlFor('api:chunk-visit', { classId, chunkId }), {}));
}
