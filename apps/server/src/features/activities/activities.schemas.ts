import { activityBlockSchema, activityResponseSchema, blockResponseSchema } from '@banksia/contracts/activities';
import { z } from 'zod';

// Request and answer shapes of the activities routes that contracts/activities.ts does not (yet) define: the
// activity row as the API shows it, and the versioned response. Candidates to move into contracts.

const id = z.number().int();
const idParam = z.coerce.number().int().positive();

/** POST /api/v1/activities/activities/: Editor.js's `time` and `version` are dropped (not stored). */
export const createActivityBody = z.object({
  title: z.string().trim().min(1).max(200),
  blocks: z.array(activityBlockSchema).max(500),
  course_id: id.positive().nullable().optional(),
  lesson_id: id.positive().nullable().optional(),
});
export type CreateActivityBody = z.infer<typeof createActivityBody>;

export const updateActivityBody = createActivityBody.partial();
export type UpdateActivityBody = z.infer<typeof updateActivityBody>;

export const activityDetailSchema = z.object({
  id,
  title: z.string(),
  course_id: id.nullable(),
  lesson_id: id.nullable(),
  blocks: z.array(activityBlockSchema),
  /** Bumped on every change. */
  version: id,
  updated_at: z.string(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export const activityParams = z.object({ activityId: idParam });
export const responseParams = z.object({ activityId: idParam, classId: idParam });
export const responseQuery = z.object({ profile_id: idParam.optional() });

/** A student's response with the version a save must name (0 until first saved). */
export const versionedResponseSchema = activityResponseSchema.extend({ version: id.nonnegative() });
export type VersionedResponse = z.infer<typeof versionedResponseSchema>;

export const saveResponseBody = z.object({
  block_responses: z.record(z.string().min(1).max(100), blockResponseSchema),
  version: id.nonnegative(),
});
export type SaveResponseBody = z.infer<typeof saveResponseBody>;

export const blockFileParams = z.object({ activityResponseId: idParam, blockId: z.string().min(1).max(100) });

/** Image types a drawing asset may have (SVG is not one: assets are served publicly). */
export const DRAWING_ASSET_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** POST /api/v1/activities/drawing-assets/ answers where the drawing image was stored and its public URL. */
export const drawingAssetResponseSchema = z.object({
  /** The 8-character id, without the prefix even when the client sent the full key. */
  asset_id: z.string(),
  key: z.string(),
  /** Public: /media/{key}. */
  url: z.string(),
});
export type DrawingAssetResponse = z.infer<typeof drawingAssetResponseSchema>;
