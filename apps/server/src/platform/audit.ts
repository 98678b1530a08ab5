import { auditLog } from '../db/schema/index';
import type { Executor } from './db';

export interface AuditEntry {
  actorUserId: number | null;
  schoolId?: number | null;
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Records a change in the audit log, inside the caller's transaction when given one. */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    schoolId: entry.schoolId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}
