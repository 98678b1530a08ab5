/**
 * The reconciliation plan (pure: state in, decisions out). Steps in order: classes, teachers, students, roles
 * (enrolments and class teachers). Matching: the school's code (external id) first, then email (case-insensitive);
 * a class also matches an existing class of the school and year with its code as title. A name + year level match
 * of a person is only a suggestion: the record is created unless a person overrides it to match.
 */
import type { RosterAction, RosterStep } from '@banksia/contracts/rosters';
import { AccessStatus } from '@banksia/contracts/classes';

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

export const REMOVE_THRESHOLD = 0.1;
export const CHANGE_THRESHOLD = 0.75;

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** Fields an import may write, each only while it still holds what the last import wrote (else it was edited here). */
function fieldChanges(
  current: Record<string, string>,
  incoming: Record<string, string>,
  imported: Record<string, unknown> | undefined,
): { changes: Record<string, { from: string; to: string }>; kept: string[] } {
  const changes: Record<string, { from: string; to: string }> = {};
  const kept: string[] = [];
  for (const [field, to] of Object.entries(incoming)) {
    const from = current[field] ?? '';
    if (!to || from === to) continue;
    const last = imported?.[field];
    if (imported && last !== undefined && last !== from) kept.push(field);
    else changes[field] = { from, to };
  }
  return { changes, kept };
}

export function reconcile(records: Records, state: RosterState, overrides: Override[]): Plan {
  const decisions: Decision[] = [];
  const blockers: string[] = [];
  const overrideOf = new Map(overrides.map((o) => [`${o.step}\u0000${o.recordKey}`, o]));
  const take = (step: RosterStep, key: string) => overrideOf.get(`${step}\u0000${key}`);

  // 1. Classes.
  const classIdByCode = new Map<string, number | 'new' | 'skip'>();
  const classesById = new Map(state.classes.map((c) => [c.id, c]));
  const classByTitle = new Map(state.classes.map((c) => [lower(c.title), c]));
  const step1: RosterStep = 'school_class_reconciliation';
  for (const rec of records.classes) {
    const o = take(step1, rec.code);
    const label = rec.title === rec.code ? rec.code : `${rec.code} (${rec.title})`;
    const base = { label, subject: rec.subject, year_level: rec.yearLevel, code: rec.code, title: rec.title };
    const ext = state.ids.class.get(rec.code);
    let existing: ExistingClass | undefined;
    let method: Method = 'none';
    if (o?.action === 'leave') {
      decisions.push(d(step1, rec.code, 'leave', 'override', null, null, base, o.decidedBy));
      classIdByCode.set(rec.code, 'skip');
      continue;
    }
    if (o?.action === 'match' && o.internalId && classesById.has(o.internalId)) {
      existing = classesById.get(o.internalId);
      method = 'override';
    } else if (o?.action !== 'create') {
      if (ext && classesById.has(ext.internalId)) {
        existing = classesById.get(ext.internalId);
        method = 'external_id';
      } else if (classByTitle.has(lower(rec.code))) {
        existing = classByTitle.get(lower(rec.code));
        method = 'title';
      }
    }
    if (existing) {
      const { changes, kept } = fieldChanges({ title: existing.title }, { title: rec.title }, ext?.imported);
      const action = Object.keys(changes).length ? 'update' : 'match';
      decisions.push(
        d(
          step1,
          rec.code,
          action,
          method,
          existing.id,
          null,
          { ...base, changes, kept, current: existing.title },
          o?.decidedBy,
        ),
      );
      classIdByCode.set(rec.code, existing.id);
    } else {
      const courseId = o?.courseId ?? state.suggestCourse(rec);
      if (!courseId) blockers.push(`Class ${rec.code} needs a course: choose one for it in the class step.`);
      decisions.push(
        d(
          step1,
          rec.code,
          'create',
          o ? 'override' : 'none',
          null,
          null,
          { ...base, course_id: courseId },
          o?.decidedBy,
        ),
      );
      classIdByCode.set(rec.code, 'new');
    }
  }
  const fileClassIds = new Set([...classIdByCode.values()].filter((v): v is number => typeof v === 'number'));
  for (const [code, ext] of state.ids.class) {
    const klass = classesById.get(ext.internalId);
    if (!klass || fileClassIds.has(klass.id) || classIdByCode.has(code)) continue;
    decisions.push(
      d(step1, `existing:${klass.id}`, 'leave', 'external_id', klass.id, null, {
        label: `${code} (${klass.title})`,
        note: 'Not in this file: the class is kept; its students and teachers in the role step.',
      }),
    );
  }

  // 2 and 3. Teachers and students.
  const personIds = {
    teacher: new Map<string, number | 'new' | 'skip'>(),
    student: new Map<string, number | 'new' | 'skip'>(),
  };
  const accountsByEmail = new Map(state.accounts.map((a) => [lower(a.email), a]));
  const removedStudents = new Set<number>();
  for (const kind of ['teacher', 'student'] as const) {
    const step: RosterStep = kind === 'teacher' ? 'teacher_reconciliation' : 'student_reconciliation';
    const people = kind === 'teacher' ? state.teachers : state.students;
    const byId = new Map(people.map((p) => [p.id, p]));
    const byEmail = new Map(people.map((p) => [lower(p.email), p]));
    const byName = new Map<string, ExistingProfile[]>();
    for (const p of people) {
      const key = `${lower(p.firstName)}\u0000${lower(p.lastName)}`;
      byName.set(key, [...(byName.get(key) ?? []), p]);
    }
    const importedYear = new Map([...state.ids[kind].values()].map((e) => [e.internalId, e.imported.year_level]));
    const recordsOfKind = kind === 'teacher' ? records.teachers : records.students;
    const claimed = new Set<number>();
    for (const rec of recordsOfKind) {
      const o = take(step, rec.code);
      const label = `${fullName(rec)} (${rec.code})`;
      const base = {
        label,
        code: rec.code,
        first_name: rec.firstName,
        last_name: rec.lastName,
        email: rec.email,
        year_level: rec.yearLevel,
      };
      if (o?.action === 'leave') {
        decisions.push(d(step, rec.code, 'leave', 'override', null, null, base, o.decidedBy));
        personIds[kind].set(rec.code, 'skip');
        continue;
      }
      const ext = state.ids[kind].get(rec.code);
      let existing: ExistingProfile | undefined;
      let method: Method = 'none';
      if (o?.action === 'match' && o.internalId && byId.has(o.internalId)) {
        existing = byId.get(o.internalId);
        method = 'override';
      } else if (o?.action !== 'create') {
        if (ext && byId.has(ext.internalId)) {
          existing = byId.get(ext.internalId);
          method = 'external_id';
        } else if (rec.email && byEmail.has(lower(rec.email))) {
          existing = byEmail.get(lower(rec.email));
          method = 'email';
        }
      }
      if (existing && claimed.has(existing.id)) {
        decisions.push(
          d(step, rec.code, 'leave', method, existing.id, null, {
            ...base,
            note: `${fullName(existing)} is already matched to another code in this file.`,
          }),
        );
        personIds[kind].set(rec.code, 'skip');
        continue;
      }
      if (existing) {
        claimed.add(existing.id);
        const { changes, kept } = fieldChanges(
          { first_name: existing.firstName, last_name: existing.lastName },
          { first_name: rec.firstName, last_name: rec.lastName },
          ext?.imported,
        );
        const action = Object.keys(changes).length ? 'update' : 'match';
        decisions.push(
          d(
            step,
            rec.code,
            action,
            method,
            existing.id,
            null,
            { ...base, changes, kept, user_id: existing.userId, current: fullName(existing) },
            o?.decidedBy,
          ),
        );
        personIds[kind].set(rec.code, existing.id);
        continue;
      }
      // No profile here: an account with the email may join (it gets a profile), unless it cannot.
      const account = rec.email ? accountsByEmail.get(lower(rec.email)) : undefined;
      if (account && o?.action !== 'create') {
        const problem = !account.isActive
          ? 'This email belongs to a deactivated account.'
          : kind === 'student' && account.nonStudent
            ? 'This email belongs to a teacher or staff account, not a student.'
            : account.studentElsewhere
              ? "This email belongs to another school's student."
              : null;
        if (problem) {
          decisions.push(d(step, rec.code, 'leave', 'email', null, null, { ...base, note: problem }));
          personIds[kind].set(rec.code, 'skip');
          continue;
        }
        decisions.push(
          d(step, rec.code, 'match', 'email', null, null, {
            ...base,
            user_id: account.userId,
            note: 'Existing account: gets a profile at this school.',
          }),
        );
        personIds[kind].set(rec.code, 'new');
        continue;
      }
      if (account && o?.action === 'create') {
        decisions.push(
          d(step, rec.code, 'leave', 'email', null, null, { ...base, note: 'An account already uses this email.' }),
        );
        personIds[kind].set(rec.code, 'skip');
        continue;
      }
      const named = (byName.get(`${lower(rec.firstName)}\u0000${lower(rec.lastName)}`) ?? []).filter(
        (p) =>
          !claimed.has(p.id) &&
          (rec.yearLevel === null || importedYear.get(p.id) === undefined || importedYear.get(p.id) === rec.yearLevel),
      );
      const suggestion = o ? null : named.length === 1 ? named[0]! : null;
      decisions.push(
        d(
          step,
          rec.code,
          'create',
          o ? 'override' : suggestion ? 'name_year' : 'none',
          null,
          suggestion?.id ?? null,
          { ...base, ...(suggestion ? { suggestion_label: `${fullName(suggestion)} <${suggestion.email}>` } : {}) },
          o?.decidedBy,
        ),
      );
      personIds[kind].set(rec.code, 'new');
    }
    // Coded people the file no longer names.
    const inFile = new Set(recordsOfKind.map((r) => r.code));
    const activeProfiles = new Set(
      state.enrolments
        .filter((e) => e.accessStatus >= AccessStatus.LOCKED && e.accessStatus < AccessStatus.ADDED_VIA_ADMIN)
        .map((e) => e.profileId),
    );
    for (const [code, ext] of state.ids[kind]) {
      if (inFile.has(code) || claimed.has(ext.internalId)) continue;
      const p = byId.get(ext.internalId);
      if (!p) continue;
      if (kind === 'student' && activeProfiles.has(p.id)) {
        removedStudents.add(p.id);
        decisions.push(
          d(step, `existing:${p.id}`, 'remove', 'external_id', p.id, null, {
            label: `${fullName(p)} (${code})`,
            code,
            note: 'Not in this file: removed from their classes (access REMOVED); the account and work are kept.',
          }),
        );
      } else if (kind === 'teacher' && state.teacherLinks.some((l) => l.profileId === p.id)) {
        decisions.push(
          d(step, `existing:${p.id}`, 'leave', 'external_id', p.id, null, {
            label: `${fullName(p)} (${code})`,
            code,
            note: 'Not in this file: the account is kept; their classes are taken off them in the role step.',
          }),
        );
      }
    }
  }

  // 4. Roles: enrolments of students (access status) and teachers of classes.
  const step4: RosterStep = 'role_reconciliation';
  const enrolmentByPair = new Map(state.enrolments.map((e) => [`${e.classId}:${e.profileId}`, e]));
  const linkByPair = new Set(state.teacherLinks.map((l) => `${l.classId}:${l.profileId}`));
  const keptEnrolments = new Set<number>();
  const keptLinks = new Set<string>();
  const recordLabel = new Map<string, string>();
  for (const r of records.students) recordLabel.set(`student:${r.code}`, fullName(r));
  for (const r of records.teachers) recordLabel.set(`teacher:${r.code}`, fullName(r));
  for (const rec of records.enrolments) {
    const key = `${rec.role}:${rec.classCode}:${rec.personCode}`;
    const classId = classIdByCode.get(rec.classCode);
    const personId = personIds[rec.role].get(rec.personCode);
    const label = `${recordLabel.get(`${rec.role}:${rec.personCode}`) ?? rec.personCode} in ${rec.classCode} (${rec.role})`;
    const base = { label, role: rec.role, class_code: rec.classCode, person_code: rec.personCode };
    if (classId === undefined || personId === undefined || classId === 'skip' || personId === 'skip') {
      decisions.push(
        d(step4, key, 'leave', 'none', null, null, { ...base, note: 'Its class or person is left alone.' }),
      );
      continue;
    }
    if (classId === 'new' || personId === 'new') {
      decisions.push(d(step4, key, 'create', 'none', null, null, base));
      continue;
    }
    if (rec.role === 'teacher') {
      const pair = `${classId}:${personId}`;
      keptLinks.add(pair);
      decisions.push(d(step4, key, linkByPair.has(pair) ? 'match' : 'create', 'external_id', null, null, base));
      continue;
    }
    const e = enrolmentByPair.get(`${classId}:${personId}`);
    if (!e) decisions.push(d(step4, key, 'create', 'none', null, null, base));
    else {
      keptEnrolments.add(e.id);
      if (e.accessStatus >= AccessStatus.LOCKED)
        decisions.push(d(step4, key, 'match', 'external_id', e.id, null, base));
      else
        decisions.push(
          d(step4, key, 'update', 'external_id', e.id, null, {
            ...base,
            access_status: { from: e.accessStatus, to: AccessStatus.UPLOADED },
            note: 'Returns to the class with their work.',
          }),
        );
    }
  }
  const studentName = new Map(state.students.map((p) => [p.id, fullName(p)]));
  const teacherName = new Map(state.teachers.map((p) => [p.id, fullName(p)]));
  const classTitle = new Map(state.classes.map((c) => [c.id, c.title]));
  for (const e of state.enrolments) {
    if (keptEnrolments.has(e.id) || e.accessStatus < AccessStatus.LOCKED) continue;
    const label = `${studentName.get(e.profileId) ?? `Profile ${e.profileId}`} in ${classTitle.get(e.classId) ?? e.classId} (student)`;
    if (e.accessStatus >= AccessStatus.ADDED_VIA_ADMIN) {
      decisions.push(
        d(step4, `existing:${e.id}`, 'leave', 'none', e.id, null, {
          label,
          note: 'Added by a person in the product: kept.',
        }),
      );
    } else {
      decisions.push(
        d(step4, `existing:${e.id}`, 'remove', 'none', e.id, null, {
          label,
          access_status: { from: e.accessStatus, to: AccessStatus.REMOVED },
        }),
      );
    }
  }
  for (const l of state.teacherLinks) {
    const pair = `${l.classId}:${l.profileId}`;
    if (keptLinks.has(pair)) continue;
    decisions.push(
      d(step4, `existing-teacher:${pair}`, 'remove', 'none', null, null, {
        label: `${teacherName.get(l.profileId) ?? `Profile ${l.profileId}`} in ${classTitle.get(l.classId) ?? l.classId} (teacher)`,
        class_id: l.classId,
        profile_id: l.profileId,
      }),
    );
  }

  const summary = summarise(decisions);
  return { decisions, summary, holds: holdsOf(decisions, state, removedStudents.size), blockers };
}

function d(
  step: RosterStep,
  recordKey: string,
  action: RosterAction,
  method: Method,
  internalId: number | null,
  suggestionId: number | null,
  details: Record<string, unknown>,
  decidedBy?: number | null,
): Decision {
  return { step, recordKey, action, method, internalId, suggestionId, details, decidedBy: decidedBy ?? null };
}

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
function holdsOf(decisions: Decision[], state: RosterState, removedStudents: number): Hold[] {
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
