import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { schools } from './schools';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    unique('users_email_key').on(t.email),
    check('users_email_lowercase_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export const roleNames = [
  'student',
  'teacher',
  'school_admin',
  'content_admin',
  'roster_admin',
  'payments_admin',
] as const;

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roleNames }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** A user's student or teacher identity at one school: the spec's profile_id, distinct from user_id. */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    kind: text('kind', { enum: ['student', 'teacher'] }).notNull(),
    /** Per-school student code from the timetabling system, when known. */
    externalCode: text('external_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('profiles_user_school_kind_key').on(t.userId, t.schoolId, t.kind),
    index('profiles_school_idx').on(t.schoolId),
  ],
);

/** Server-side sessions; only the SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.at), index('login_failures_ip_at_idx').on(t.ip, t.at)],
);

/**
 * Every sign-in attempt against a known account, successful or not (the user page's sign-in history). Kept
 * SIGN_IN_RETENTION_DAYS, then deleted by a daily job. Attempts on unknown emails stay in login_failures only.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    success: boolean('success').notNull(),
    failureReason: text('failure_reason', { enum: ['bad_credentials', 'inactive', 'trial_expired'] }),
    method: text('method', { enum: ['password', 'link', 'sso'] })
      .notNull()
      .default('password'),
    /** The SSO connection of a single sign-on (method `sso`); no foreign key: the history outlives a connection. */
    ssoConnectionId: integer('sso_connection_id'),
  },
  (t) => [index('sign_ins_user_at_idx').on(t.userId, t.at), index('sign_ins_at_idx').on(t.at)],
);
