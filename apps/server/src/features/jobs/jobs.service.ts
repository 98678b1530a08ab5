import type { JobsOverview } from '@banksia/contracts/jobs';
import { audit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { presentDeadLetter, presentQueue } from './jobs.presenter';

/** The newest dead letters shown. */
export const FAILED_JOBS_SHOWN = 50;

/** Counts per queue and the latest jobs that failed for good (content staff). */
export async function jobsOverview(deps: AppDeps): Promise<JobsOverview> {
  const [queues, dead] = await Promise.all([deps.jobs.counts(), deps.jobs.deadLetters(FAILED_JOBS_SHOWN)]);
  return { queues: queues.map(presentQueue), failed_jobs: dead.map(presentDeadLetter) };
}

/** Sends a dead letter back to its queue as a new job; audited. */
export async function retryFailedJob(deps: AppDeps, actor: Actor, id: string, ip: string): Promise<{ id: string }> {
  const newId = await deps.jobs.retryDeadLetter(id);
  if (!newId) throw new AppError('not_found', 'No such failed job (it may have been retried already).');
  await audit(deps.db, {
    actorUserId: actor.userId,
    action: 'retry_job',
    entityType: 'job',
    entityId: id,
    after: { new_job_id: newId },
    ip,
  });
  return { id: newId };
}
