import type { AppDeps } from '../../platform/deps';
import { applyLocks, type ApplyLocksResult } from './locks';

/** Applies the payment locks of every school and year (or one school and year) at the app's clock, in one transaction. */
export async function runLocks(
  deps: AppDeps,
  scope: { schoolId?: number; calendarYear?: number } = {},
): Promise<ApplyLocksResult> {
  return deps.db.transaction((tx) => applyLocks(tx, { ...scope, at: deps.clock.now() }));
}
