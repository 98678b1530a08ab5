import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export const emailStatuses = ['queued', 'sent', 'failed'] as const;

/**
 * Every email the app sends (ADR 010), written in the transaction of the change that causes it. A job sends it
 * when SMTP is configured; otherwise it stays here for content staff to read.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    /** The school the message is about, when there is one (staff filter by it). */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Which template made it (e.g. `password-invite`). */
    template: text('template').notNull(),
    status: text('status', { enum: emailStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The Message-ID header sent (derived from the row id, so a resend carries the same one). */
    messageId: text('message_id'),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_school_created_idx').on(t.schoolId, t.createdAt),
    index('email_outbox_to_idx').on(t.to),
    check('email_outbox_to_lowercase_check', sql`${t.to} = lower(${t.to})`),
  ],
);
