import {
  AccessStatus,
  type ClassListAction,
  type ClassListPreview,
  type ClassListResult,
  type ClassListRow,
} from '@banksia/contracts/classes';
import { audit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { queueInvitations } from '../passwords/index';
import type { Actor } from '../../platform/session';
import { parseClassList } from './class-list.csv';
import * as repo from './class-list.repository';
import { requireClassManager } from './class-management.service';
import { enrolmentsChanged } from './enrolment-changes';

interface Planned extends ClassListRow {
  /** The existing account, when there is one. */
  userId: number | null;
}

export const EXISTING_STUDENT_NEEDS_ADMIN =
  'This student already has an account: only a school admin can add them, or they can join with the class code.';

/**
 * The one answer for an address the class's school does not hold as a student account (another school's student, a
 * teacher or any staff account, of this school or another): which of these it is, is not this teacher's to know.
 */
export const NOT_ADDABLE_HERE = "This email can't be added here; ask your school admin.";

/**
 * Reads the file and decides, per row, what applying it would do, or why it cannot. Only a school admin may add
 * an existing account to a class: a class's own teacher may create new accounts and bring back students who were
 * in this class before, but never pull in a student from elsewhere (and with them, their work).
 */
async function plan(
  db: Executor,
  klass: { id: number; school_id: number },
  csv: string,
  isAdmin: boolean,
): Promise<Planned[]> {
  const lines = parseClassList(csv);
  const emails = [...new Set(lines.filter((l) => l.errors.length === 0).map((l) => l.email))];
  const accounts = new Map(
    (await repo.accountsByEmail(db, { emails, schoolId: klass.school_id, classId: klass.id })).map((a) => [a.email, a]),
  );
  return lines.map((line) => {
    const errors = [...line.errors];
    let action: ClassListAction | null = null;
    const account = errors.length ? undefined : accounts.get(line.email);
    if (errors.length === 0) {
      if (!account) action = 'new_account';
      else if (account.non_student || (account.school_profile_id === null && account.student_elsewhere)) {
        // Staff anywhere, a teacher, another school's student: one answer, so the list tells nothing more.
        errors.push(NOT_ADDABLE_HERE);
      } else if (!account.is_active) errors.push('This email belongs to a deactivated account.');
      else if (account.access_status !== null && account.access_status >= AccessStatus.LOCKED) {
        action = 'already_in_class';
      } else if (account.access_status === null && !isAdmin) {
        errors.push(EXISTING_STUDENT_NEEDS_ADMIN);
      } else action = 'existing_account';
    }
    return {
      line: line.line,
      first_name: line.first_name,
      last_name: line.last_name,
      email: line.email,
      action: errors.length ? null : action,
      errors,
      userId: account?.user_id ?? null,
    };
  });
}

function count(rows: Planned[], action: ClassListAction) {
  return rows.filter((r) => r.action === action).length;
}

/** What uploading a class list would do, row by row; nothing is written. */
export async function previewClassList(
  deps: AppDeps,
  actor: Actor,
  classId: number,
  csv: string,
): Promise<ClassListPreview> {
  const { klass, manager } = await requireClassManager(deps, actor, classId);
  const rows = await plan(deps.db, klass, csv, manager.isAdmin);
  const errors = rows.filter((r) => r.errors.length > 0).length;
  return {
    class_id: klass.id,
    class_title: klass.title,
    rows: rows.map(({ userId: _userId, ...row }) => row),
    counts: {
      rows: rows.length,
      errors,
      new_account: count(rows, 'new_account'),
      existing_account: count(rows, 'existing_account'),
      already_in_class: count(rows, 'already_in_class'),
    },
    can_apply: errors === 0,
  };
}

/**
 * Applies a class list in one transaction, checking it again first: new student accounts (no password) and
 * profiles at the class's school where needed, and enrolments as UPLOADED. A list with any error changes nothing.
 */
export async function applyClassList(
  deps: AppDeps,
  actor: Actor,
  classId: number,
  csv: string,
  ip: string,
): Promise<ClassListResult> {
  try {
    return await deps.db.transaction(async (tx) => {
      const { klass, manager } = await requireClassManager(deps, actor, classId, tx);
      const rows = await plan(tx, klass, csv, manager.isAdmin);
      const bad = rows.filter((r) => r.errors.length > 0);
      if (bad.length) {
        throw new AppError(
          'validation_failed',
          'The class list has errors, so nothing was changed. Fix them and upload it again.',
          {
            errors: { csv: bad.slice(0, 50).map((r) => `Line ${r.line}: ${r.errors.join(' ')}`) },
          },
        );
      }
      const fresh = rows.filter((r) => r.action === 'new_account');
      const created = await repo.insertStudentUsers(tx, fresh, actor.userId);
      // Each new account (no password yet) gets a set-password link by email, in this transaction.
      await queueInvitations(
        deps,
        tx,
        created.map((c) => c.id),
        klass.school_id,
      );
      const joining = rows.filter((r) => r.action === 'existing_account').map((r) => r.userId!);
      const profiles = await repo.ensureStudentProfiles(tx, klass.school_id, [...created.map((c) => c.id), ...joining]);
      await repo.uploadEnrolments(tx, {
        schoolId: klass.school_id,
        classId: klass.id,
        profileIds: profiles.map((p) => p.id),
        now: deps.clock.now(),
      });
      await enrolmentsChanged(tx, {
        schoolId: klass.school_id,
        calendarYear: klass.calendar_year,
        profileIds: profiles.map((p) => p.id),
        at: deps.clock.now(),
        actorUserId: actor.userId,
      });
      const result: ClassListResult = {
        class_id: klass.id,
        created_accounts: created.length,
        joined: joining.length,
        already_in_class: count(rows, 'already_in_class'),
      };
      await audit(tx, {
        actorUserId: actor.userId,
        schoolId: klass.school_id,
        action: 'upload_class_list',
        entityType: 'school_class',
        entityId: klass.id,
        after: { ...result, rows: rows.length, created_user_ids: created.map((c) => c.id) },
        ip,
      });
      return result;
    });
  } catch (error) {
    // Someone created one of the accounts between the check and the insert.
    if (
      (error as { code?: string }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      throw new AppError(
        'conflict',
        'Some of these accounts changed while the list was being applied. Upload it again.',
      );
    }
    throw error;
  }
}
