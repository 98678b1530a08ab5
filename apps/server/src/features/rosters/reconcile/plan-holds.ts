import type { RosterAction, RosterStep } from '@banksia/contracts/rosters';
import { AccessStatus } from '@banksia/contracts/classes';
import type { Decision, Hold, Plan, RosterState } from './plan.types';

export const REMOVE_THRESHOLD = 0.1;
export const CHANGE_THRESHOLD = 0.75;

export function summarise(decisions: Decision[]): Plan['summary'] {
  const summary = {
    school_class_reconciliation: {},
    teacher_reconciliation: {},
    student_reconciliation: {},
    role_reconciliation: {},
  } as Plan['summary'];
  for (const x of decisions) summary[x.step][x.action] = (summary[x.step][x.action] ?? 0) + 1;
  return summary;
}

/**
 * The safety thresholds, per kind of record the roster already manages: more than 10% removed, or more than 75%
 * changed (updated or removed), holds the dataset for a person to approve. New records change nothing existing.
 */
export function holdsOf(decisions: Decision[], state: RosterState, removedStudents: number): Hold[] {
  const holds: Hold[] = [];
  const count = (step: RosterStep, action: RosterAction, prefix?: string) =>
    decisions.filter((x) => x.step === step && x.action === action && (!prefix || x.recordKey.startsWith(prefix)))
      .length;
  const managedEnrolments = state.enrolments.filter(
    (e) => e.accessStatus >= AccessStatus.LOCKED && e.accessStatus < AccessStatus.ADDED_VIA_ADMIN,
  ).length;
  const managedStudents = new Set(
    state.enrolments
      .filter((e) => e.accessStatus >= AccessStatus.LOCKED && e.accessStatus < AccessStatus.ADDED_VIA_ADMIN)
      .map((e) => e.profileId),
  ).size;
  const kinds: Array<{ kind: string; of: number; removed: number; updated: number }> = [
    { kind: 'classes', of: state.ids.class.size, removed: 0, updated: count('school_class_reconciliation', 'update') },
    { kind: 'teachers', of: state.ids.teacher.size, removed: 0, updated: count('teacher_reconciliation', 'update') },
    {
      kind: 'students',
      of: managedStudents,
      removed: removedStudents,
      updated: count('student_reconciliation', 'update'),
    },
    {
      kind: 'enrolments',
      of: managedEnrolments,
      removed: count('role_reconciliation', 'remove', 'existing:'),
      updated: 0,
    },
    {
      kind: 'class teachers',
      of: state.teacherLinks.length,
      removed: count('role_reconciliation', 'remove', 'existing-teacher:'),
      updated: 0,
    },
  ];
  for (const k of kinds) {
    if (k.of === 0) continue;
    if (k.removed > k.of * REMOVE_THRESHOLD)
      holds.push({ kind: k.kind, reason: 'removes', count: k.removed, of: k.of });
    else if (k.removed + k.updated > k.of * CHANGE_THRESHOLD) {
      holds.push({ kind: k.kind, reason: 'changes', count: k.removed + k.updated, of: k.of });
    }
  }
  return holds;
}
