import type { ErrorCode } from '@banksia/contracts/errors';
import { authorize } from '../../platform/authorize';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { findDataset, schoolStanding } from './rosters.repository';
import './rosters.policy';

/** The access rules every roster use case shares: which school, which dataset, and how a bad field is refused. */

/**
 * Refuses unless the actor may work on the school's rosters (rosters.policy.ts): no such school is a 404, another
 * school a 403 (or `refusal`).
 */
export async function authorizeSchool(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  schoolId: number,
  refusal: ErrorCode = 'forbidden',
): Promise<void> {
  const standing = await schoolStanding(deps.db, actor.userId, schoolId);
  if (!standing.exists) throw new AppError('not_found', 'No such school.');
  authorize(actor, 'rosters.manage', { schoolId, teachesThere: standing.teaches }, refusal);
}

/** The dataset, if the actor may see it: another school's dataset is a 404 for a school admin. */
export async function loadDataset(deps: AppDeps, actor: Actor, id: number, db: Executor = deps.db) {
  const row = await findDataset(db, id);
  if (!row) throw new AppError('not_found', 'No such dataset.');
  await authorizeSchool(deps, actor, row.school_id, 'not_found');
  return row;
}

/** A 400 naming the field. */
export function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { errors: { [field]: [message] } });
}

/** The statuses in which a dataset's decisions may still change. */
export const OPEN = ['reviewing', 'held'] as const;

export const isOpen = (status: string) => (OPEN as readonly string[]).includes(status);

/** How a status reads in a message ("rolled back"). */
export const statusWords = (status: string) => status.replace('_', ' ');
