import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { type TrackAnswer, useVideoWrite } from './use-video-write';

export const useSubmitCaptions = () =>
  useVideoWrite(async ({ trackId, version }: { trackId: number; version: number }) =>
    unwrap(await postJson<TrackAnswer>(urlFor('api:admin-caption-submit', { trackId }), { version })),
  );
