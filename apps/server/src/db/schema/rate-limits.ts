import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per counted request of a rate-limited action (platform/rate-limit.ts), pruned by a periodic job. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    /** The action and what is counted, e.g. `password-reset:ip`. */
    bucket: text('bucket').notNull(),
    /** The value counted: an IP address, a lower-case email… */
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rate_limit_hits_bucket_key_at_idx').on(t.bucket, t.key, t.at),
    index('rate_limit_hits_at_idx').on(t.at),
  ],
);
