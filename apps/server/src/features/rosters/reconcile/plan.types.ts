/**
 * The reconciliation plan's records, state and decisions (reconcile.ts works the plan out: pure, state in, decisions
 * out). Steps in order: classes, teachers, students, roles
 * (enrolments and class teachers). Matching: the school's code (external id) first, then email (case-insensitive);
 * a class also matches an existing class of the school and year with its code as title. A name + year level match
 * of a person is only a suggestion: the record is created unless a person overrides it to match.
 */
import type { RosterAction, RosterStep } from '@banksia/contracts/rosters';

export type Method = 'external_id' | 'email' | 'title' | 'name_year' | 'override' | 'none';
export type PersonKind = 'teacher' | 'student';

export interface ClassRecord {
  code: string;
  title: string;
  subject: string | null;
  yearLevel: number | null;
}
export interface PersonRecord {
  code: string;
  firstName: string;
  lastName: string;
  email: string | null;
  yearLevel: number | null;
}
export interface EnrolmentRecord {
  role: PersonKind;
  classCode: string;
  personCode: string;
}
export interface Records {
  classes: ClassRecord[];
  teachers: PersonRecord[];
  students: PersonRecord[];
  enrolments: EnrolmentRecord[];
}

export interface ExternalId {
  code: string;
  internalId: number;
  imported: Record<string, unknown>;
}
export interface ExistingClass {
  id: number;
  title: string;
  courseId: number;
}
export interface ExistingProfile {
  id: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
}
/** An account with one of the file's emails, and whether it may take a profile of that kind at this school. */
export interface AccountByEmail {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  /** A student profile at another school, or (for a teacher record) any student profile. */
  studentElsewhere: boolean;
  nonStudent: boolean;
}
export interface ExistingEnrolment {
  id: number;
  classId: number;
  profileId: number;
  accessStatus: number;
}
export interface ExistingTeacherLink {
  classId: number;
  profileId: number;
}

export interface RosterState {
  calendarYear: number;
  ids: { class: Map<string, ExternalId>; teacher: Map<string, ExternalId>; student: Map<string, ExternalId> };
  /** Classes of the school in the dataset's calendar year. */
  classes: ExistingClass[];
  teachers: ExistingProfile[];
  students: ExistingProfile[];
  accounts: AccountByEmail[];
  /** Enrolments and teacher links of the classes the roster manages (those with a class code) this year. */
  enrolments: ExistingEnrolment[];
  teacherLinks: ExistingTeacherLink[];
  /** A course for a new class by subject and year level, when one fits. */
  suggestCourse: (c: ClassRecord) => number | null;
}

export interface Override {
  step: RosterStep;
  recordKey: string;
  action: 'match' | 'create' | 'leave';
  internalId: number | null;
  courseId: number | null;
  decidedBy: number;
}

export interface Decision {
  step: RosterStep;
  recordKey: string;
  action: RosterAction;
  method: Method;
  internalId: number | null;
  suggestionId: number | null;
  details: Record<string, unknown>;
  decidedBy: number | null;
}

export interface Hold {
  kind: string;
  reason: 'removes' | 'changes';
  count: number;
  of: number;
}

export interface Plan {
  decisions: Decision[];
  summary: Record<RosterStep, Partial<Record<RosterAction, number>>>;
  holds: Hold[];
  /** Problems that stop an apply (e.g. a new class without a course), by record key. */
  blockers: string[];
}
