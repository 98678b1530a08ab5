import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './accounts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The answer to each unsafe request sent with an Idempotency-Key by a signed-in session (platform/idempotency.ts,
 * ADR 049), so a retry gets the first answer instead of doing the work again. A row without a status is a request
 * still running. Kept 24 hours (the sessions clean-up job deletes older rows), and with its session.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    sessionHash: text('session_hash')
      .notNull()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, the address and the body: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** When the request claimed the key; also tells whose answer may be stored (a claim taken over is not). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Null while the first request is running. */
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: bytea('body'),
  },
  (t) => [primaryKey({ columns: [t.sessionHash, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
