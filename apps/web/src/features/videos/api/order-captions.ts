import type { captionOrderResponse } from '@banksia/contracts/videos';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { useVideoWrite } from './use-video-write';

export const useOrderCaptions = () =>
  useVideoWrite(async ({ courseId, videoIds, note }: { courseId: number; videoIds: number[]; note: string }) =>
    unwrap(
      await postJson<Answer<typeof captionOrderResponse>>(urlFor('api:admin-caption-orders', { courseId }), {
        video_ids: videoIds,
        note,
      }),
    ),
  );
