import type { videoResponse } from '@banksia/contracts/videos';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { patchJson, type Answer } from '../../../lib/request';
import { useVideoWrite } from './use-video-write';

export const useRenameVideo = () =>
  useVideoWrite(async ({ videoId, title }: { videoId: number; title: string }) =>
    unwrap(await patchJson<Answer<typeof videoResponse>>(urlFor('api:admin-video', { videoId }), { title })),
  );
