import type { UploadFormResponse } from '@banksia/contracts/activities';
import { drawingAssetKey } from '@banksia/contracts/rules/activity-upload';
import { reportError } from '../../../lib/error-reporting';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';

/** A uniform number in [0, 1) from the browser's cryptographic generator, for unguessable storage keys. */
export function cryptoRandom(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
}

/**
 * Uploads an image a student put into a drawing (spec §7): asks the API for a presigned form under the drawing
 * prefix, then posts that form's fields and the file (last, as S3 requires) straight to the form's url. Resolves to
 * the image's public url, or false on any failure, which is reported; it never rejects, so the drawing can keep the
 * image inline instead.
 */
export async function uploadDrawingAsset(file: Blob, contentType: string): Promise<string | false> {
  const key = drawingAssetKey(cryptoRandom);
  const signed = await postJson<UploadFormResponse>(urlFor('api:asset-upload-form'), {
    key,
    content_type: contentType,
  });
  if (!signed.ok) {
    reportError(new Error(`Drawing asset upload form failed: ${signed.failureReason}`), {
      step: 'asset_upload_form',
      status: signed.status,
      contentType,
    });
    return false;
  }

  const { url, fields, public_url } = signed.body;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  try {
    const posted = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin' });
    if (!posted.ok) {
      reportError(new Error(`Drawing asset upload failed with status ${posted.status}`), {
        step: 'upload',
        status: posted.status,
        contentType,
      });
      return false;
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    reportError(new Error(`Drawing asset upload failed: ${reason}`, { cause: error }), { step: 'upload', contentType });
    return false;
  }
  return public_url;
}
