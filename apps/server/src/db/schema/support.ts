import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { schools } from './schools';

export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').references(() => schools.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    message: text('message').notNull(),
    page: text('page').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('support_requests_created_idx').on(t.createdAt),
    index('support_requests_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const trackedEvents = pgTable(
  'tracked_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['event', 'page_view'] }).notNull(),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    origin: text('origin'),
    path: text('path').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracked_events_name_idx').on(t.name, t.occurredAt)],
);

export const clientErrors = pgTable('client_errors', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  stack: text('stack'),
  path: text('path').notNull(),
  context: jsonb('context').$type<Record<string, unknown>>(),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what: one row per change to accounts, roles and classes made through the app. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    schoolId: integer('school_id').references(() => schools.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);
