import type { RosterStep } from '@banksia/contracts/rosters';

/** The four reconciliation steps as the pages name them. */
export const stepNames: Record<RosterStep, string> = {
  school_class_reconciliation: 'Classes',
  teacher_reconciliation: 'Teachers',
  student_reconciliation: 'Students',
  role_reconciliation: 'Roles',
};
