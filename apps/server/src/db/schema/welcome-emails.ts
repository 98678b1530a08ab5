import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { emailOutbox } from './mail';
import { schoolClasses } from './schools';

/** One email of the welcome journey: for people of a role in classes of a type, sent `days_after` their start. */
export const welcomeEmailSteps = pgTable(
  'welcome_email_steps',
  {
    id: serial('id').primaryKey(),
    role: text('role', { enum: ['teacher', 'student'] }).notNull(),
    classType: text('class_type', { enum: ['N', 'C', 'TT', 'ST'] }).notNull(),
    daysAfter: integer('days_after').notNull(),
    subject: text('subject').notNull(),
    /** Plain text with {{placeholders}}; rendered (escaped) into the email layout. */
    body: text('body').notNull(),
    stopWhen: text('stop_when', { enum: ['signed_in', 'created_class', 'added_students', 'opened_lesson'] }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('welcome_email_steps_role_type_idx').on(t.role, t.classType),
    check('welcome_email_steps_days_check', sql`${t.daysAfter} >= 0`),
  ],
);

/**
 * What the journey has sent: one row per person and step (the unique key makes a rerun of the job a no-op). The
 * outbox keeps the message itself (and prunes it after its retention); this row stays so it is never sent again.
 */
export const welcomeEmailSends = pgTable(
  'welcome_email_sends',
  {
    id: serial('id').primaryKey(),
    stepId: integer('step_id')
      .notNull()
      .references(() => welcomeEmailSteps.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The class whose start made it due. */
    classId: integer('class_id').references(() => schoolClasses.id, { onDelete: 'set null' }),
    outboxId: integer('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('welcome_email_sends_step_user_key').on(t.stepId, t.userId),
    index('welcome_email_sends_sent_idx').on(t.sentAt),
  ],
);
