import type { SaveCaptionsBody } from '@banksia/contracts/videos';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { putJson } from '../../../lib/request';
import { type TrackAnswer, useVideoWrite } from './use-video-write';

export const useSaveCaptions = () =>
  useVideoWrite(
    async ({
      videoId,
      body,
    }: {
      videoId: number;
      body: Partial<SaveCaptionsBody> & Pick<SaveCaptionsBody, 'format' | 'text'>;
    }) => unwrap(await putJson<TrackAnswer>(urlFor('api:admin-video-captions', { videoId }), body)),
  );
