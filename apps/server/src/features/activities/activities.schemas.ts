import { z } from 'zod';
import { idParam } from '@banksia/contracts/ids';

// Route parameters of the activities routes and the server-only shapes; the request and answer bodies the web app
// shares are in contracts/activities.ts.

export const activityParams = z.object({ activityId: idParam });
export const responseParams = z.object({ activityId: idParam, classId: idParam });
export const responseQuery = z.object({ profile_id: idParam.optional() });

export const blockFileParams = z.object({ activityResponseId: idParam, blockId: z.string().min(1).max(100) });

/** POST /api/v1/activities/drawing-assets/ answers where the drawing image was stored and its public URL. */
export const drawingAssetResponseSchema = z.object({
  /** The 8-character id, without the prefix even when the client sent the full key. */
  asset_id: z.string(),
  key: z.string(),
  /** Public: /media/{key}. */
  url: z.string(),
});
export type DrawingAssetResponse = z.infer<typeof drawingAssetResponseSchema>;
