import { definePolicy } from '../../platform/authorize';
import { hasRole } from '../../platform/authz';
import type { ManagedClassRow } from './class-management.repository';
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

/**
 * Who manages classes (spec §2 class editor, class list uploader): a school admin (the school admin role and a
 * teacher profile at the school) manages every class of that school; a teacher manages the classes they teach, and
 * may create classes, which they then teach.
 */
export interface SchoolManager {
  school: { id: number; name: string; slug: string };
  /** The actor's teacher profile at the school. */
  profileId: number;
  isAdmin: boolean;
  /** The school's IANA time zone (its current year, ADR 048). */
  timeZone: string;
}

/** The actor's standing at a school where they would manage classes (none without a teacher profile there). */
export interface SchoolManagement {
  manager: SchoolManager | undefined;
}

/** A class to be managed, and the actor's standing at its school. */
export interface ClassManagement {
  klass: ManagedClassRow;
  manager: SchoolManager | undefined;
}

declare module '../../platform/authorize' {
  interface PolicyActions {
    /** Belong to the class at all: a student on its roster, its teacher, a school admin there, or staff. */
    'class.view': ClassAccess;
    /** See the class's teacher views (progress of all students, marking, tasks) and act as its teacher. */
    'class.teach': ClassAccess;
    /** The class detail page (full roster, activation link). */
    'class.detail': ClassMembership;
    /** Create and manage classes at a school (class editor, class list uploader). */
    'school.manage-classes': SchoolManagement;
    /** Edit one class, upload its class list, withdraw its students: its school's admin or one of its teachers. */
    'class.manage': ClassManagement;
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
  'school.manage-classes': (_actor, { manager }) => manager !== undefined,
  'class.manage': (_actor, { klass, manager }) =>
    manager !== undefined && (manager.isAdmin || klass.teacher_profile_ids.includes(manager.profileId)),
});
