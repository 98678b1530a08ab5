import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles, users } from './accounts';
import { enrolments, schoolClasses, schools } from './schools';

/**
 * The payments feature's tables (docs/payments.md). Money is integer cents with an ISO 4217 currency; the ledger
 * (accounts, transactions, entries) is append-only: triggers refuse UPDATE and DELETE, and a deferred constraint
 * trigger refuses a transaction whose entries do not sum to zero.
 */

/** The columns that tie a row to one student at one school for one calendar year (new builders for each table). */
function studentYearColumns() {
  return {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id),
    calendarYear: integer('calendar_year').notNull(),
  };
}

export const CLASS_FEATURES = ['STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'] as const;

/** What a class of one feature set costs at one school for one calendar year. Complimentary and trial classes are free. */
export const classProducts = pgTable(
  'class_products',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    calendarYear: integer('calendar_year').notNull(),
    feature: text('feature', { enum: CLASS_FEATURES }).notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('AUD'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('class_products_school_year_feature_key').on(t.schoolId, t.calendarYear, t.feature),
    check('class_products_price_check', sql`${t.priceCents} >= 0 and ${t.priceCents} <= 100000000`),
    check('class_products_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('class_products_feature_check', sql`${t.feature} in ('STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK')`),
  ],
);

/**
 * The payment lock list: per school and calendar year, the date payment is due and whether a student's unpaid classes
 * lock after it (their enrolments move to LOCKED, 25, until they pay).
 */
export const paymentLockListItems = pgTable(
  'payment_lock_list_items',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    calendarYear: integer('calendar_year').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    locksUnpaid: boolean('locks_unpaid').notNull().default(true),
    note: text('note').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('payment_lock_list_items_school_year_key').on(t.schoolId, t.calendarYear)],
);

/** An enrolment locked for want of payment, with the status it had, which paying restores. */
export const paymentLocks = pgTable(
  'payment_locks',
  {
    enrolmentId: integer('enrolment_id')
      .primaryKey()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    previousStatus: smallint('previous_status').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_locks_school_idx').on(t.schoolId)],
);

export const LEDGER_ACCOUNT_KINDS = ['receivable', 'refunds_payable', 'revenue', 'clearing'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * A ledger account. `receivable` and `refunds_payable` are one student's for one year (at their school); `revenue` is a
 * school's for a year; `clearing` is money held at a provider (school and profile empty).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    schoolId: integer('school_id').references(() => schools.id),
    profileId: integer('profile_id').references(() => profiles.id),
    calendarYear: integer('calendar_year'),
    provider: text('provider'),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_key')
      .on(t.kind, t.schoolId, t.profileId, t.calendarYear, t.provider, t.currency)
      .nullsNotDistinct(),
    index('ledger_accounts_profile_idx').on(t.profileId, t.calendarYear),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('receivable', 'refunds_payable', 'revenue', 'clearing')`),
    check(
      'ledger_accounts_owner_check',
      sql`case ${t.kind}
            when 'clearing' then ${t.provider} is not null and ${t.schoolId} is null and ${t.profileId} is null
            when 'revenue' then ${t.schoolId} is not null and ${t.calendarYear} is not null and ${t.profileId} is null
            else ${t.schoolId} is not null and ${t.profileId} is not null and ${t.calendarYear} is not null
          end`,
    ),
  ],
);

export const LEDGER_TRANSACTION_KINDS = [
  'charge',
  'credit',
  'payment',
  'refund_owed',
  'credit_applied',
  'refund_paid',
  'reversal',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** One balanced posting. Its idempotency key makes every posting safe to repeat; a reversal names what it reverses. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    profileId: integer('profile_id').references(() => profiles.id),
    calendarYear: integer('calendar_year').notNull(),
    classId: integer('class_id').references(() => schoolClasses.id),
    checkoutSessionId: text('checkout_session_id'),
    refundId: integer('refund_id'),
    reversesId: integer('reverses_id').unique(),
    memo: text('memo').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_transactions_profile_idx').on(t.profileId, t.calendarYear),
    index('ledger_transactions_school_year_idx').on(t.schoolId, t.calendarYear),
    check(
      'ledger_transactions_kind_check',
      sql`${t.kind} in ('charge', 'credit', 'payment', 'refund_owed', 'credit_applied', 'refund_paid', 'reversal')`,
    ),
  ],
);

/** A line of a transaction: positive is a debit, negative a credit. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

/** A student's payment link for one year: the code works signed out, so it is long and random. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    code: text('code').primaryKey(),
    ...studentYearColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('payment_links_profile_year_key').on(t.profileId, t.calendarYear)],
);

/**
 * A checkout session at the provider (`id` is the provider's, e.g. `cs_test_…`). Access opens from the provider's
 * `checkout.session.completed` webhook, which sets `fulfilment`; the browser's return only reads it.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    ...studentYearColumns(),
    paymentLinkCode: text('payment_link_code')
      .notNull()
      .references(() => paymentLinks.code),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'no_payment_required'] }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    fulfilment: text('fulfilment', { enum: ['pending', 'fulfilled', 'failed', 'needs_review'] })
      .notNull()
      .default('pending'),
    fulfilmentError: text('fulfilment_error'),
    fulfilmentAttempts: integer('fulfilment_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_profile_idx').on(t.profileId, t.calendarYear),
    uniqueIndex('checkout_sessions_one_open_idx')
      .on(t.profileId, t.calendarYear)
      .where(sql`${t.status} = 'open'`),
    index('checkout_sessions_fulfilment_idx')
      .on(t.fulfilment)
      .where(sql`${t.fulfilment} in ('failed', 'needs_review')`),
    check('checkout_sessions_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** Every provider webhook event received, once: the event id de-duplicates at-least-once delivery. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  error: text('error'),
  payload: jsonb('payload').notNull(),
});

/** A batch refund run: made as a draft, approved by a second person, then sent through the provider. */
export const refundRuns = pgTable(
  'refund_runs',
  {
    id: serial('id').primaryKey(),
    calendarYear: integer('calendar_year').notNull(),
    status: text('status', { enum: ['draft', 'approved', 'sending', 'sent', 'canceled'] }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('refund_runs_year_idx').on(t.calendarYear),
    check('refund_runs_second_person_check', sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.createdBy}`),
  ],
);

/** One refund of a run: part or all of one payment (several partial refunds may not pass the payment). */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => refundRuns.id),
    ...studentYearColumns(),
    checkoutSessionId: text('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['draft', 'pending', 'requires_action', 'succeeded', 'failed', 'canceled'],
    }).notNull(),
    providerRefundId: text('provider_refund_id').unique(),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('refunds_run_idx').on(t.runId),
    index('refunds_profile_idx').on(t.profileId, t.calendarYear),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The built-in test provider's own records (its checkout sessions, payment intents and refunds), kept apart from
 * the app's tables as a real provider's would be. Only used when no Stripe key is configured.
 */
export const testProviderObjects = pgTable(
  'test_provider_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['checkout.session', 'payment_intent', 'refund', 'idempotency'] }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('test_provider_objects_kind_idx').on(t.kind)],
);
