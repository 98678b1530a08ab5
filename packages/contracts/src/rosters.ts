import { z } from 'zod';
import { idParam, MAX_ID } from './ids';

// School rosters (issue 16): uploads become datasets, reconciled in four steps, applied as a job, rolled back.

const id = z.number().int().max(MAX_ID);

export const rosterSourceValues = [
  'edval',
  'product',
  'timetabler-post-9',
  'timetabler-pre-9',
  'firstclass-csv',
  'griddle',
  'timechart',
  'oneroster',
] as const;
export const rosterSourceSchema = z.enum(rosterSourceValues);
export type RosterSourceName = z.infer<typeof rosterSourceSchema>;

export const rosterStepValues = [
  'school_class_reconciliation',
  'teacher_reconciliation',
  'student_reconciliation',
  'role_reconciliation',
] as const;
export const rosterStepSchema = z.enum(rosterStepValues);
export type RosterStep = z.infer<typeof rosterStepSchema>;

export const rosterActionSchema = z.enum(['create', 'update', 'match', 'remove', 'leave']);
export type RosterAction = z.infer<typeof rosterActionSchema>;
export const rosterMethodSchema = z.enum(['external_id', 'email', 'title', 'name_year', 'override', 'none']);
export const rosterStatusSchema = z.enum([
  'parsed',
  'reviewing',
  'applying',
  'applied',
  'held',
  'rolled_back',
  'failed',
]);
export type RosterStatus = z.infer<typeof rosterStatusSchema>;

/** The upload page's uploaders: each source the server can read, with its page slug and name. */
export const rosterSourcesResponse = z.object({
  sources: z.array(z.object({ source: rosterSourceSchema, name: z.string(), page: z.string() })),
  /** The product's own template's page slug (`banksia-upload`). */
  template_url: z.string(),
});

export const rosterCountsSchema = z.object({
  rows: z.number().int(),
  errors: z.number().int(),
  classes: z.number().int(),
  teachers: z.number().int(),
  students: z.number().int(),
  enrolments: z.number().int(),
});

export const rosterRowErrorSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  field: z.string(),
  message: z.string(),
});

const actionCounts = z.record(z.string(), z.number().int());

export const rosterHoldSchema = z.object({
  kind: z.string(),
  reason: z.enum(['removes', 'changes']),
  count: z.number().int(),
  of: z.number().int(),
});

/** While a dataset is applying: how far its apply job has got, and whether it is waiting to be retried. */
export const rosterApplyProgressSchema = z.object({
  /** queued: waiting for a worker; running: applying now; retrying: an attempt was interrupted, another is due. */
  state: z.enum(['queued', 'running', 'retrying']),
  /** Records of the plan applied so far, of `total` (0 of 0 until the run has worked out its plan). */
  done: z.number().int(),
  total: z.number().int(),
  attempt: z.number().int(),
  attempts: z.number().int(),
  /** For people, e.g. "Applied 3,000 of 6,000 records (attempt 1 of 3)." */
  message: z.string(),
});
export type RosterApplyProgress = z.infer<typeof rosterApplyProgressSchema>;

export const rosterDatasetSchema = z.object({
  id,
  school_id: id,
  school_name: z.string(),
  calendar_year: z.number().int(),
  source: rosterSourceSchema,
  file_names: z.array(z.string()),
  status: rosterStatusSchema,
  counts: rosterCountsSchema,
  errors: z.array(rosterRowErrorSchema),
  /** Per step: how many records each action touches. */
  summary: z.record(z.string(), actionCounts),
  holds: z.array(rosterHoldSchema),
  failure: z.string().nullable(),
  /** Formats read by header name: which header fed which field, per file; null for formats with a specification. */
  mapping: z
    .array(
      z.object({
        file: z.string(),
        columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
      }),
    )
    .nullable(),
  /** False until a person confirms the mapping; such a dataset cannot be applied before. */
  mapping_confirmed: z.boolean(),
  /** The re-upload of a file already uploaded answers the earlier dataset. */
  already_uploaded: z.boolean(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  rolled_back_at: z.string().nullable(),
  approved: z.boolean(),
  can_rollback: z.boolean(),
  /** While applying: the apply's progress; null otherwise. */
  apply: rosterApplyProgressSchema.nullable(),
  /** A failed apply (or one whose every attempt was interrupted) may be retried: POST …/retry/. */
  can_retry: z.boolean(),
});
export type RosterDataset = z.infer<typeof rosterDatasetSchema>;

export const rosterDatasetListQuery = z.object({
  school_id: idParam.optional(),
  calendar_year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const rosterDatasetListResponse = z.object({
  datasets: z.array(rosterDatasetSchema.omit({ errors: true })),
});

export const rosterDatasetParams = z.object({ id: idParam });
export const rosterStepParams = z.object({ id: idParam, step: rosterStepSchema });
export const rosterDecisionParams = z.object({ id: idParam, step: rosterStepSchema, recordId: idParam });

export const rosterDecisionSchema = z.object({
  id,
  record_key: z.string(),
  action: rosterActionSchema,
  method: rosterMethodSchema,
  /** The row matched, updated or removed here (class, profile or enrolment id). */
  internal_id: id.nullable(),
  /** What the record says, and what it would change (field → {from, to}). */
  label: z.string(),
  details: z.record(z.string(), z.unknown()),
  /** A name + year match a person should confirm. */
  suggestion: z.object({ id, label: z.string() }).nullable(),
  overridden: z.boolean(),
  file: z.string().nullable(),
  line: z.number().int().nullable(),
});
export type RosterDecision = z.infer<typeof rosterDecisionSchema>;

export const rosterStepResponse = z.object({
  dataset_id: id,
  step: rosterStepSchema,
  counts: actionCounts,
  decisions: z.array(rosterDecisionSchema),
  /** Candidates an override may pick (classes or profiles of the school). */
  candidates: z.array(z.object({ id, label: z.string() })),
});
export type RosterStepReport = z.infer<typeof rosterStepResponse>;

/** Overrides a decision: match the record to a chosen row, create it as new, or leave it alone. */
export const rosterOverrideBody = z.object({
  action: z.enum(['match', 'create', 'leave']),
  internal_id: id.nullable().optional(),
  /** New classes only: the course the class follows. */
  course_id: id.nullable().optional(),
});

export const rosterApplyResponse = z.object({
  status: rosterStatusSchema,
  changes: z.record(z.string(), actionCounts),
  holds: z.array(rosterHoldSchema),
});

export const rosterRollbackResponse = z.object({ status: rosterStatusSchema, changes: z.number().int() });
