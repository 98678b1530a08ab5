import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { deleteJson } from '../../../lib/request';
import { useVideoWrite } from './use-video-write';

export const useDeleteVideo = () =>
  useVideoWrite(async (videoId: number) => unwrap(await deleteJson(urlFor('api:admin-video', { videoId }))));
