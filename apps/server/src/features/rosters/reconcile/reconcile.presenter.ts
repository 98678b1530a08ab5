import type { RosterStep, RosterStepReport } from '@banksia/contracts/rosters';
import type { StepDecisionRow } from './reconcile.repository';

/** One step's report: per record, what applying does and how it matched, with the rows a person may match it to. */
export function presentStepReport(
  datasetId: number,
  step: RosterStep,
  rows: StepDecisionRow[],
  candidates: RosterStepReport['candidates'],
): RosterStepReport {
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.action] = (counts[r.action] ?? 0) + 1;
  return {
    dataset_id: datasetId,
    step,
    counts,
    candidates,
    decisions: rows.map((r) => ({
      id: r.id,
      record_key: r.record_key,
      action: r.action,
      method: r.method,
      internal_id: r.internal_id,
      label: String(r.details.label ?? r.record_key),
      details: r.details,
      suggestion: r.suggestion_id
        ? { id: r.suggestion_id, label: String(r.details.suggestion_label ?? r.suggestion_id) }
        : null,
      overridden: r.decided_by !== null,
      file: r.file,
      line: r.line,
    })),
  };
}
