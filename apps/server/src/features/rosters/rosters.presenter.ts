import type { RosterDataset } from '@banksia/contracts/rosters';
import type { DatasetRow } from './rosters.repository';

/** What a dataset's apply is doing, as staff see it (apply/apply-status.ts works it out from its job). */
export interface ApplyView {
  /** The status staff see: an apply whose every attempt was interrupted shows as failed, though no run said so. */
  status: RosterDataset['status'];
  failure: string | null;
  /** While applying: how far it has got, and whether it is waiting to be retried. */
  apply: RosterDataset['apply'];
  /** A failed apply (or one whose attempts were all interrupted) may be retried by staff. */
  can_retry: boolean;
}

/** The dataset for staff; `view` says what its apply is doing (apply/apply-status.ts), else read from the row. */
export function presentDataset(row: DatasetRow, alreadyUploaded = false, view?: ApplyView): RosterDataset {
  const apply = view ?? {
    status: row.status,
    failure: row.failure,
    apply: null,
    can_retry: row.status === 'failed',
  };
  return {
    id: row.id,
    school_id: row.school_id,
    school_name: row.school_name,
    calendar_year: row.calendar_year,
    source: row.source,
    file_names: row.file_names,
    status: apply.status,
    counts: row.counts,
    errors: row.errors,
    summary: row.summary,
    holds: row.holds,
    failure: apply.failure,
    mapping: row.mapping,
    mapping_confirmed: row.mapping === null || row.mapping_confirmed_by !== null,
    already_uploaded: alreadyUploaded,
    created_at: new Date(row.created_at).toISOString(),
    applied_at: row.applied_at ? new Date(row.applied_at).toISOString() : null,
    rolled_back_at: row.rolled_back_at ? new Date(row.rolled_back_at).toISOString() : null,
    approved: row.approved_by !== null,
    can_rollback: row.status === 'applied' && row.latest_applied,
    apply: apply.apply,
    can_retry: apply.can_retry,
  };
}
