import type { RosterApplyProgress, RosterDataset } from '@banksia/contracts/rosters';
import type { AppDeps } from '../../../platform/deps';
import type { ApplyView } from '../rosters.presenter';
import { datasetStatus } from './apply.repository';

/** The singleton key of a dataset's apply jobs: how its newest job is found again (Jobs.latest). */
export function applyJobKey(datasetId: number): string {
  return `roster-dataset:${datasetId}`;
}

const number = (n: number) => n.toLocaleString('en-AU');

function errorOf(output: Record<string, unknown> | null): string {
  const value = (output?.value ?? output) as { message?: unknown } | null;
  const message = typeof value?.message === 'string' ? value.message : 'the worker stopped';
  // pg-boss's words for a run whose process died (kill -9, a lost machine) before it finished.
  return message === 'job failed by timeout in active state' ? 'the worker stopped before it finished' : message;
}

/**
 * What a dataset's apply is doing, from the dataset and its newest `roster-apply` job. A run that dies leaves the
 * dataset applying with nothing changed (one transaction); pg-boss fails the job when it expires and retries it, and
 * when no attempt is left, nothing else would ever say so: here such a dataset is failed and retryable.
 */
export async function applyView(
  deps: Pick<AppDeps, 'jobs' | 'db'>,
  row: { id: number; status: RosterDataset['status']; failure: string | null },
): Promise<ApplyView> {
  if (row.status !== 'applying') {
    return { status: row.status, failure: row.failure, apply: null, can_retry: row.status === 'failed' };
  }
  const job = await deps.jobs.latest('roster-apply', applyJobKey(row.id));
  if (!job || job.state === 'failed' || job.state === 'cancelled' || job.state === 'completed') {
    // The run may have ended between reading the dataset and reading its job (pg-boss closes the job after the run
    // committed): what the dataset says now wins.
    const now = await datasetStatus(deps.db, row.id);
    if (now && now.status !== 'applying') {
      return { status: now.status, failure: now.failure, apply: null, can_retry: now.status === 'failed' };
    }
    // Completed while the dataset is still applying cannot happen (the run commits both); say so rather than hang.
    const why = job ? errorOf(job.output) : 'its job is gone';
    const tries = job && job.attempts > 1 ? ` after ${job.attempts} attempts` : '';
    return {
      status: 'failed',
      failure: `The apply did not finish${tries} (${why}); nothing was changed. Retry it.`,
      apply: null,
      can_retry: true,
    };
  }
  const progress = job.state === 'active' ? (job.output as { done?: unknown; total?: unknown } | null) : null;
  const done = typeof progress?.done === 'number' ? Math.floor(progress.done) : 0;
  const total = typeof progress?.total === 'number' ? progress.total : 0;
  const attempt = `attempt ${job.attempt} of ${job.attempts}`;
  let state: RosterApplyProgress['state'];
  let message: string;
  if (job.state === 'retry') {
    state = 'retrying';
    message = `Apply interrupted (${errorOf(job.output)}); nothing was changed. Retrying (${attempt}).`;
  } else if (job.state === 'active') {
    state = 'running';
    message = total
      ? `Applied ${number(done)} of ${number(total)} records (${attempt}).`
      : `Applying: working out the changes (${attempt}).`;
  } else {
    state = 'queued';
    message = job.attempt > 1 ? `Waiting to apply (${attempt}).` : 'Waiting to apply.';
  }
  return {
    status: 'applying',
    failure: null,
    apply: { state, done, total, attempt: job.attempt, attempts: job.attempts, message },
    can_retry: false,
  };
}
