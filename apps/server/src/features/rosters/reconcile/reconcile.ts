/**
 * The reconciliation plan (pure: state in, decisions out). Steps in order: classes, teachers, students, roles
 * (enrolments and class teachers). Matching: the school's code (external id) first, then email (case-insensitive);
 * a class also matches an existing class of the school and year with its code as title. A name + year level match
 * of a person is only a suggestion: the record is created unless a person overrides it to match.
 */
import type { Override, Plan, Records, RosterState } from './plan.types';
import { reconcileClasses } from './plan-classes';
import { planContext } from './plan-helpers';
import { holdsOf, summarise } from './plan-holds';
import { reconcilePeople } from './plan-people';
import { reconcileRoles } from './plan-roles';

export function reconcile(records: Records, state: RosterState, overrides: Override[]): Plan {
  const ctx = planContext(records, state, overrides);
  const classIdByCode = reconcileClasses(ctx);
  const people = reconcilePeople(ctx);
  reconcileRoles(ctx, classIdByCode, people);
  const { decisions, blockers } = ctx;
  return {
    decisions,
    summary: summarise(decisions),
    holds: holdsOf(decisions, state, people.removedStudents.size),
    blockers,
  };
}
