import { definePolicy } from '../../platform/authorize';
import { hasRole } from '../../platform/authz';
import type { ClassRecord } from './classes.repository';

export type ClassRow = ClassRecord;

/** How an actor stands in a class (loadClassAccess); the rules below decide what each standing may do. */
export interface ClassAccess {
  klass: ClassRow;
  /** A student on the roster (access status LOCKED or above), with their profile in the class's school. */
  studentProfileId: number | null;
  teaches: boolean;
  /** Holds the school admin role and a teacher profile at the class's school. */
  schoolAdmin: boolean;
  /** Content or roster staff. */
  staff: boolean;
}

export interface ClassMembership {
  teaches: boolean;
  teaches_at_school: boolean;
}

declare module '../../platform/authorize' {
  interface PolicyActions {
    /** Belong to the class at all: a student on its roster, its teacher, a school admin there, or staff. */
    'class.view': ClassAccess;
    /** See the class's teacher views (progress of all students, marking, tasks) and act as its teacher. */
    'class.teach': ClassAccess;
    /** The class detail page (full roster, activation link). */
    'class.detail': ClassMembership;
  }
}

const teaches = (access: ClassAccess) => access.teaches || access.schoolAdmin || access.staff;

definePolicy({
  'class.view': (_actor, access) => teaches(access) || access.studentProfileId !== null,
  'class.teach': (_actor, access) => teaches(access),
  // The class's teachers, its school's admins, and staff.
  'class.detail': (actor, m) =>
    hasRole(actor, 'content_admin', 'roster_admin') ||
    m.teaches ||
    (m.teaches_at_school && hasRole(actor, 'school_admin')),
});
