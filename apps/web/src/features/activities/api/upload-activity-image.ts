import { activityImageResponseSchema, type ActivityImageResponse } from '@banksia/contracts/activities';
import { urlFor } from '../../../lib/named-routes';
import { uploadFileTo, type UploadOptions } from './upload-block-file';

/** Uploads an image for an image or drag-and-drop image block; resolves its public url. */
export function uploadActivityImage(file: File, options?: UploadOptions): Promise<ActivityImageResponse> {
  return uploadFileTo(
    urlFor('api:activity-images'),
    file,
    (body) => activityImageResponseSchema.safeParse(body),
    options,
  );
}
