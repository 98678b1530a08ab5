import { AccessStatus } from '@banksia/contracts/classes';
import { audit } from '../../../platform/audit';
import type { Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { syncChargesAndLocks } from '../../payments/index';
import { lockDataset } from '../rosters.repository';
import { loadDataset } from '../rosters.service';
import * as repo from './rollback.repository';
import type { ChangeRow } from './rollback.repository';

/**
 * Undoes an applied dataset (the latest applied one of its school and year) from its before-images, in one
 * transaction: enrolments return to their earlier access status (ones it created become REMOVED: never deleted),
 * teacher links and names are restored, codes point where they did. Accounts, profiles and classes it created stay.
 */
export async function rollbackDataset(deps: AppDeps, actor: Actor, id: number, ip: string) {
  return deps.db.transaction(async (tx) => {
    await lockDataset(tx, id);
    const dataset = await loadDataset(deps, actor, id, tx);
    if (dataset.status !== 'applied') throw new AppError('conflict', 'Only an applied dataset can be rolled back.');
    if (!dataset.latest_applied)
      throw new AppError('conflict', 'A later dataset of this school and year was applied: roll that back first.');
    const rows = await repo.changesOf(tx, id);
    await undoChanges(tx, dataset.school_id, rows, deps.clock.now());
    const now = deps.clock.now();
    await syncChargesAndLocks(tx, {
      schoolId: dataset.school_id,
      calendarYear: dataset.calendar_year,
      at: now,
      actorUserId: actor.userId,
    });
    await repo.markRolledBack(tx, id, actor.userId, now);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: dataset.school_id,
      action: 'rollback_roster_dataset',
      entityType: 'roster_dataset',
      entityId: id,
      after: { changes: rows.length },
      ip,
    });
    return { status: 'rolled_back' as const, changes: rows.length };
  });
}

/** Restores each before-image of the apply's changes, kind by kind, one statement each. */
async function undoChanges(tx: Executor, schoolId: number, rows: ChangeRow[], now: Date) {
  const pick = (entity: ChangeRow['entity'], operation: ChangeRow['operation']) =>
    rows.filter((r) => r.entity === entity && r.operation === operation);
  const enrolmentBack = [
    ...pick('enrolment', 'insert').map((r) => ({ id: r.entity_id, access_status: AccessStatus.REMOVED })),
    ...pick('enrolment', 'update').map((r) => ({
      id: r.entity_id,
      access_status: (r.before as { access_status: number }).access_status,
    })),
  ];
  if (enrolmentBack.length) await repo.restoreEnrolments(tx, schoolId, enrolmentBack, now);
  const linksIn = pick('class_teacher', 'insert').map((r) => r.after);
  if (linksIn.length) await repo.deleteTeacherLinks(tx, schoolId, linksIn);
  const linksOut = pick('class_teacher', 'delete').map((r) => r.before);
  if (linksOut.length) await repo.insertTeacherLinks(tx, schoolId, linksOut);
  const titles = pick('school_class', 'update').map((r) => ({
    id: r.entity_id,
    title: (r.before as { title: string }).title,
  }));
  if (titles.length) await repo.restoreClassTitles(tx, schoolId, titles);
  const names = pick('user', 'update').map((r) => ({ id: r.entity_id, ...(r.before as object) }));
  if (names.length) await repo.restoreNames(tx, names);
  const idsIn = pick('external_id', 'insert').map((r) => r.entity_id);
  if (idsIn.length) await repo.deleteExternalIds(tx, schoolId, idsIn);
  const idsBack = pick('external_id', 'update').map((r) => ({ id: r.entity_id, ...(r.before as object) }));
  if (idsBack.length) await repo.restoreExternalIds(tx, schoolId, idsBack);
}
