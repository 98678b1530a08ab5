import type { CaptionReviewBody } from '@banksia/contracts/videos';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { type TrackAnswer, useVideoWrite } from './use-video-write';

export const useReviewCaptions = () =>
  useVideoWrite(async ({ trackId, body }: { trackId: number; body: CaptionReviewBody }) =>
    unwrap(await postJson<TrackAnswer>(urlFor('api:admin-caption-review', { trackId }), body)),
  );
