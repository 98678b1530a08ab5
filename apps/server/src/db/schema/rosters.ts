import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { schools } from './schools';

export const rosterDatasetStatuses = [
  'parsed',
  'reviewing',
  'applying',
  'applied',
  'held',
  'rolled_back',
  'failed',
] as const;

/** One upload of a school's roster for a calendar year (issue 16): the parsed file, then its reconciliation. */
export const rosterDatasets = pgTable(
  'roster_datasets',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    calendarYear: integer('calendar_year').notNull(),
    source: text('source').notNull(),
    /** SHA-256 (hex) over the uploaded files' names and bytes, sorted by name: the same upload twice is a no-op. */
    fileSha256: text('file_sha256').notNull(),
    fileNames: text('file_names').array().notNull(),
    status: text('status', { enum: rosterDatasetStatuses }).notNull(),
    /** {rows, errors, classes, teachers, students, enrolments} as parsed. */
    counts: jsonb('counts').notNull(),
    /** Row errors: [{file, line, field, message}] (at most ROSTER_MAX_STORED_ERRORS). */
    errors: jsonb('errors').notNull(),
    /** Per step and action, what applying would do (or did): {step: {create, update, …}}. */
    summary: jsonb('summary')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The safety thresholds the plan crosses: [{kind, reason, count, of}]. */
    holds: jsonb('holds')
      .notNull()
      .default(sql`'[]'::jsonb`),
    failure: text('failure'),
    /**
     * Formats without a public specification (FirstClass, Griddle, Timetabler before 9) are read by header name:
     * which header fed which field, per file ([{file, columns: [{header, field}]}]). Null for the others. Such a
     * dataset is applied only once a person has confirmed it (`mapping_confirmed_by`).
     */
    mapping: jsonb('mapping'),
    mappingConfirmedBy: integer('mapping_confirmed_by').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    appliedBy: integer('applied_by').references(() => users.id),
    rolledBackBy: integer('rolled_back_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
  },
  (t) => [
    unique('roster_datasets_upload_key').on(t.schoolId, t.calendarYear, t.source, t.fileSha256),
    index('roster_datasets_school_year_idx').on(t.schoolId, t.calendarYear),
    check(
      'roster_datasets_status_check',
      sql`${t.status} in ('parsed', 'reviewing', 'applying', 'applied', 'held', 'rolled_back', 'failed')`,
    ),
  ],
);

/** The normalised records of a dataset: a class, teacher or student by code, or an enrolment (class + person). */
export const rosterRecords = pgTable(
  'roster_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => rosterDatasets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['class', 'teacher', 'student', 'enrolment'] }).notNull(),
    /** The code (class, person) or `role:class:person` for an enrolment: unique per dataset and kind. */
    key: text('key').notNull(),
    data: jsonb('data').notNull(),
    file: text('file').notNull(),
    line: integer('line').notNull(),
  },
  (t) => [unique('roster_records_dataset_kind_key').on(t.datasetId, t.kind, t.key)],
);

/** A school's code for a class or person in a roster source, and what it stands for here. */
export const rosterExternalIds = pgTable(
  'roster_external_ids',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    kind: text('kind', { enum: ['class', 'teacher', 'student'] }).notNull(),
    code: text('code').notNull(),
    /** school_classes.id for a class, profiles.id for a person. */
    internalId: integer('internal_id').notNull(),
    /** The values the last applied import wrote: a field whose value differs now was edited in the product. */
    imported: jsonb('imported').notNull(),
    datasetId: integer('dataset_id').references(() => rosterDatasets.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('roster_external_ids_code_key').on(t.schoolId, t.kind, t.code),
    index('roster_external_ids_internal_idx').on(t.kind, t.internalId),
  ],
);

export const rosterSteps = [
  'school_class_reconciliation',
  'teacher_reconciliation',
  'student_reconciliation',
  'role_reconciliation',
] as const;

/** What the reconciliation decided for one record (or one existing row the file no longer names), per step. */
export const rosterDecisions = pgTable(
  'roster_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => rosterDatasets.id, { onDelete: 'cascade' }),
    step: text('step', { enum: rosterSteps }).notNull(),
    /** The record's key (code, or role:class:person), or `existing:<id>` for a row the file no longer names. */
    recordKey: text('record_key').notNull(),
    action: text('action', { enum: ['create', 'update', 'match', 'remove', 'leave'] }).notNull(),
    method: text('method', { enum: ['external_id', 'email', 'title', 'name_year', 'override', 'none'] }).notNull(),
    /** The matched (or removed) row: school_classes.id, profiles.id or enrolments.id. */
    internalId: integer('internal_id'),
    /** A name + year match waiting for a person to confirm (with an override). */
    suggestionId: integer('suggestion_id'),
    details: jsonb('details').notNull(),
    /** Who overrode the decision (null: the reconciliation's own). */
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    unique('roster_decisions_record_key').on(t.datasetId, t.step, t.recordKey),
    check(
      'roster_decisions_step_check',
      sql`${t.step} in ('school_class_reconciliation', 'teacher_reconciliation', 'student_reconciliation', 'role_reconciliation')`,
    ),
  ],
);

/** Each row an apply wrote, with its before-image: rollback replays them backwards. */
export const rosterChanges = pgTable(
  'roster_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => rosterDatasets.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    entity: text('entity', {
      enum: ['user', 'profile', 'school_class', 'class_teacher', 'enrolment', 'external_id'],
    }).notNull(),
    entityId: integer('entity_id').notNull(),
    operation: text('operation', { enum: ['insert', 'update', 'delete'] }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('roster_changes_dataset_idx').on(t.datasetId)],
);
