import { z } from 'zod';

/** Tracked analytics events (spec §9). */
export const trackedEventNames = [
  'clicked link to student course progress',
  'clicked sidebar school class link',
  'clicked take a tour button',
  'toggled student names',
  'used course jumper',
  'toggled exam lock',
] as const;
export const trackedEventNameSchema = z.enum(trackedEventNames);
export type TrackedEventName = z.infer<typeof trackedEventNameSchema>;

const properties = z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]));

export const trackedEventInput = z.object({
  kind: z.literal('event'),
  name: trackedEventNameSchema,
  properties: properties.default({}),
  occurred_at: z.iso.datetime(),
  path: z.string().max(2000),
});

/** A page view: a named page with the origin it was reached from. */
export const pageViewInput = z.object({
  kind: z.literal('page_view'),
  name: z.string().min(1).max(200),
  origin: z.string().max(2000).nullable(),
  occurred_at: z.iso.datetime(),
  path: z.string().max(2000),
});

export const ANALYTICS_BATCH_MAX = 50;
export const analyticsBatchBody = z.object({
  items: z
    .array(z.discriminatedUnion('kind', [trackedEventInput, pageViewInput]))
    .min(1)
    .max(ANALYTICS_BATCH_MAX),
});
export type AnalyticsBatchBody = z.infer<typeof analyticsBatchBody>;
export type AnalyticsItem = AnalyticsBatchBody['items'][number];

export const clientErrorBody = z.object({
  message: z.string().min(1).max(4000),
  stack: z.string().max(20000).optional(),
  path: z.string().max(2000),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type ClientErrorBody = z.infer<typeof clientErrorBody>;
