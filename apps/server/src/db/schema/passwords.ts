import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const passwordTokenPurposes = ['invite', 'reset'] as const;

/**
 * Single-use links to set a password: an invitation for an account made without one, or a reset. Only the
 * SHA-256 of the random token is stored; the token itself exists only in the email.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: passwordTokenPurposes }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was used, or made void by a newer link or a password change. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    unique('password_tokens_token_hash_key').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
    index('password_tokens_expires_idx').on(t.expiresAt),
  ],
);
