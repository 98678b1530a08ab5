import { z } from 'zod';

export const emailStatuses = ['queued', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const OUTBOX_PAGE_SIZE = 50;

export const outboxQuery = z.object({
  school_id: z.coerce.number().int().positive().optional(),
  /** Part of the recipient's address. */
  to: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxMessageSummary = z.object({
  id: z.number().int(),
  school_id: z.number().int().nullable(),
  school_name: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(emailStatuses),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessageSummary = z.infer<typeof outboxMessageSummary>;

export const outboxListResponse = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Whether this server sends mail (SMTP_URL set); without it messages stay queued here. */
  smtp_configured: z.boolean(),
  results: z.array(outboxMessageSummary),
});
export type OutboxList = z.infer<typeof outboxListResponse>;

export const outboxMessageDetail = outboxMessageSummary.extend({
  html: z.string(),
  text: z.string(),
  message_id: z.string().nullable(),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetail>;

export const outboxIdParams = z.object({ id: z.coerce.number().int().positive() });
