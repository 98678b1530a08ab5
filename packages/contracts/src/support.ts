import { z } from 'zod';
import { idParam } from './ids';

export const createSupportRequestBody = z.object({
  message: z.string().trim().min(1, 'Tell us what went wrong.').max(5000),
  email: z.email('Enter a valid email address.').max(254).optional(),
  page: z.string().max(2000),
});
export type CreateSupportRequestBody = z.infer<typeof createSupportRequestBody>;

export const supportRequestSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  page: z.string(),
  email: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;
export const supportRequestListResponse = z.object({ results: z.array(supportRequestSchema) });
export const supportRequestIdParams = z.object({ requestId: idParam });

/** Public, non-secret settings the web app needs at start. */
export const clientConfigResponse = z.object({
  chat_widget_url: z.string().nullable(),
  sentry_dsn: z.string().nullable(),
  environment: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigResponse>;
