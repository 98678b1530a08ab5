import { isTrialClass, localYear } from '@banksia/contracts/rules/class-expiry';
import { randomBytes } from 'node:crypto';
import {
  AccessStatus,
  type ClassEditBody,
  type ManagedClass,
  type ManagedClasses,
  type UploaderClass,
  type WithdrawStudentResponse,
  type classManagementResponse,
} from '@banksia/contracts/classes';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import { authorize } from '../../platform/authorize';
import { hasRole } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import './classes.policy';
import type { SchoolManager } from './classes.policy';
import * as repo from './class-management.repository';
import { activationLink } from './classes.presenter';
import { setEnrolmentStatuses } from './classes.service';
import { enrolmentsChanged } from './enrolment-changes';

export type { SchoolManager } from './classes.policy';

/** Path a student opens to join a class with its activation code (for other features, which use this service). */
export { activationLink };

/** A new activation code: 12 URL-safe characters of crypto randomness (72 bits). */
export function newActivationCode(): string {
  return randomBytes(9).toString('base64url');
}

export function presentManagedClass(row: repo.ManagedClassRow): ManagedClass {
  return {
    id: row.id,
    school_id: row.school_id,
    title: row.title,
    course_id: row.course_id,
    course_title: row.course_title,
    class_type: row.class_type,
    features: row.features,
    calendar_year: row.calendar_year,
    expiration_date: row.expiration_date,
    activation_link: activationLink(row.activation_code),
    teacher_profile_ids: row.teacher_profile_ids,
    teacher_names: row.teacher_names,
    student_count: row.student_count,
  };
}

async function managedSchools(deps: AppDeps, actor: Actor): Promise<SchoolManager[]> {
  const admin = hasRole(actor, 'school_admin');
  const rows = await repo.teacherProfilesOf(deps.db, actor.userId);
  return rows.map((r) => ({
    school: { id: r.id, name: r.name, slug: r.slug },
    profileId: r.profile_id,
    isAdmin: admin,
    timeZone: r.time_zone,
  }));
}

/** The actor's standing at a school; 404 for no such school, 403 without a teacher profile there. */
export async function requireManagerAt(deps: AppDeps, actor: Actor, schoolId: number): Promise<SchoolManager> {
  const manager = (await managedSchools(deps, actor)).find((m) => m.school.id === schoolId);
  if (!manager && !(await repo.schoolExists(deps.db, schoolId))) throw new AppError('not_found', 'No such school.');
  return authorize(actor, 'school.manage-classes', { manager }).manager!;
}

/** A class the actor may manage: 404 when missing, 403 unless they are its school's admin or one of its teachers. */
export async function requireClassManager(deps: AppDeps, actor: Actor, classId: number, db: Executor = deps.db) {
  const klass = await repo.findManagedClass(db, classId);
  if (!klass) throw new AppError('not_found', 'No such class.');
  const manager = (await managedSchools(deps, actor)).find((m) => m.school.id === klass.school_id);
  authorize(actor, 'class.manage', { klass, manager });
  return { klass, manager: manager! };
}

/** The schools where the actor may manage classes, each with its teachers (for the teacher picker). */
export async function managementSchools(deps: AppDeps, actor: Actor): Promise<z.infer<typeof classManagementResponse>> {
  const managers = await managedSchools(deps, actor);
  const teachers = await repo.teachersOfSchools(
    deps.db,
    managers.map((m) => m.school.id),
  );
  return {
    schools: managers.map((m) => ({
      ...m.school,
      is_admin: m.isAdmin,
      my_profile_id: m.profileId,
      teachers: teachers
        .filter((t) => t.school_id === m.school.id)
        .map((t) => ({ profile_id: t.profile_id, name: t.name })),
    })),
  };
}

/** The classes of a school and year the actor may manage (default: the current year). */
export async function listManagedClasses(
  deps: AppDeps,
  actor: Actor,
  schoolId: number,
  year: number | undefined,
): Promise<ManagedClasses> {
  const manager = await requireManagerAt(deps, actor, schoolId);
  const chosen = year ?? localYear(deps.clock.now(), manager.timeZone);
  const teacherProfileId = manager.isAdmin ? null : manager.profileId;
  const [years, classes] = await Promise.all([
    repo.managedYears(deps.db, { schoolId, teacherProfileId }),
    repo.managedClasses(deps.db, { schoolId, year: chosen, teacherProfileId }),
  ]);
  return { year: chosen, years, classes: classes.map(presentManagedClass) };
}

/** Checks what the schema cannot: the course may be chosen, every teacher teaches at the school, and a teacher
 * who is not a school admin stays among the class's teachers. 400 naming the field otherwise. */
async function checkEdit(db: Executor, actor: Actor, manager: SchoolManager, body: ClassEditBody) {
  const errors: Record<string, string[]> = {};
  if (!(await repo.courseSelectable(db, body.course_id, hasRole(actor, 'content_admin')))) {
    errors.course_id = ['Choose a course from the list.'];
  }
  const wanted = [...new Set(body.teacher_profile_ids)];
  const valid = new Set(await repo.teacherProfilesAt(db, manager.school.id, wanted));
  if (wanted.some((id) => !valid.has(id))) {
    errors.teacher_profile_ids = [`Choose teachers of ${manager.school.name}.`];
  } else if (!manager.isAdmin && !wanted.includes(manager.profileId)) {
    errors.teacher_profile_ids = ['Keep yourself as a teacher of the class: only school admins manage other classes.'];
  }
  if (Object.keys(errors).length) throw new AppError('validation_failed', 'Some fields are not valid.', { errors });
  return { ...body, title: body.title.trim(), teacher_profile_ids: wanted };
}

/**
 * A trial's type and end date are content staff's to change (docs/staff-tools.md): a teacher or school admin editing
 * a trial class keeps both, or they could undo the trial's read-only end. (Making a class of any type stays open.)
 */
function checkTrialEdit(actor: Actor, body: ClassEditBody, before: repo.ManagedClassRow) {
  if (hasRole(actor, 'content_admin') || !isTrialClass(before.class_type)) return;
  const message = 'The type and end date of a trial class are set by Banksia staff.';
  if (before.class_type !== body.class_type) {
    throw new AppError('validation_failed', message, { errors: { class_type: [message] } });
  }
  if (before.expiration_date !== body.expiration_date) {
    throw new AppError('validation_failed', message, { errors: { expiration_date: [message] } });
  }
}

function auditView(c: repo.ManagedClassRow) {
  return {
    title: c.title,
    course_id: c.course_id,
    class_type: c.class_type,
    features: c.features,
    calendar_year: c.calendar_year,
    expiration_date: c.expiration_date,
    teacher_profile_ids: c.teacher_profile_ids,
  };
}

/** Creates a class at the school with a fresh activation code, in one transaction with its teachers and audit. */
export async function createClass(
  deps: AppDeps,
  actor: Actor,
  schoolId: number,
  body: ClassEditBody,
  ip: string,
): Promise<ManagedClass> {
  const manager = await requireManagerAt(deps, actor, schoolId);
  return deps.db.transaction(async (tx) => {
    const clean = await checkEdit(tx, actor, manager, body);
    const id = await repo.insertClass(tx, { ...clean, schoolId, activationCode: newActivationCode() });
    await repo.setTeachers(tx, id, schoolId, clean.teacher_profile_ids);
    const created = (await repo.findManagedClass(tx, id))!;
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId,
      action: 'create_class',
      entityType: 'school_class',
      entityId: id,
      after: auditView(created),
      ip,
    });
    return presentManagedClass(created);
  });
}

/** Edits a class (every field, teachers included), in one transaction with its audit. */
export async function updateClass(
  deps: AppDeps,
  actor: Actor,
  classId: number,
  body: ClassEditBody,
  ip: string,
): Promise<ManagedClass> {
  return deps.db.transaction(async (tx) => {
    await repo.lockClass(tx, classId);
    const { klass, manager } = await requireClassManager(deps, actor, classId, tx);
    checkTrialEdit(actor, body, klass);
    const clean = await checkEdit(tx, actor, manager, body);
    await repo.updateClass(tx, klass.id, klass.school_id, clean);
    await repo.setTeachers(tx, klass.id, klass.school_id, clean.teacher_profile_ids);
    const updated = (await repo.findManagedClass(tx, klass.id))!;
    await chargesFollowClass(deps, tx, klass, updated, actor.userId);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: klass.school_id,
      action: 'update_class',
      entityType: 'school_class',
      entityId: klass.id,
      before: auditView(klass),
      after: auditView(updated),
      ip,
    });
    return presentManagedClass(updated);
  });
}

/**
 * A class's type, feature set or year decides what its students owe (docs/payments.md): when one of them changes,
 * the charges of its school's years (the old and the new) follow in the same transaction.
 */
async function chargesFollowClass(
  deps: AppDeps,
  tx: Executor,
  before: repo.ManagedClassRow,
  after: repo.ManagedClassRow,
  actorUserId: number,
) {
  if (
    before.class_type === after.class_type &&
    before.features === after.features &&
    before.calendar_year === after.calendar_year
  ) {
    return;
  }
  for (const calendarYear of new Set([before.calendar_year, after.calendar_year])) {
    await enrolmentsChanged(tx, { schoolId: after.school_id, calendarYear, at: deps.clock.now(), actorUserId });
  }
}

/**
 * Content staff's edit of a class's safe details (the /secret/ admin): the title and the expiry date only, so no
 * teacher profile at the school is needed; course, type, plan, year and teachers stay with the class editor.
 */
export async function updateClassDetailsAsStaff(
  deps: AppDeps,
  actor: Actor,
  classId: number,
  body: Pick<ClassEditBody, 'title' | 'expiration_date'>,
  ip: string,
): Promise<ManagedClass> {
  if (!hasRole(actor, 'content_admin')) throw new AppError('forbidden');
  return deps.db.transaction(async (tx) => {
    await repo.lockClass(tx, classId);
    const klass = await repo.findManagedClass(tx, classId);
    if (!klass) throw new AppError('not_found', 'No such class.');
    await repo.updateClass(tx, klass.id, klass.school_id, {
      title: body.title.trim(),
      expiration_date: body.expiration_date,
      course_id: klass.course_id,
      class_type: klass.class_type,
      features: klass.features,
      calendar_year: klass.calendar_year,
      teacher_profile_ids: klass.teacher_profile_ids,
    });
    const updated = (await repo.findManagedClass(tx, klass.id))!;
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: klass.school_id,
      action: 'update_class',
      entityType: 'school_class',
      entityId: klass.id,
      before: auditView(klass),
      after: auditView(updated),
      ip,
    });
    return presentManagedClass(updated);
  });
}

/** Replaces the class's activation code: the old link stops working at once. */
export async function regenerateActivationCode(
  deps: AppDeps,
  actor: Actor,
  classId: number,
  ip: string,
): Promise<ManagedClass> {
  return deps.db.transaction(async (tx) => {
    await repo.lockClass(tx, classId);
    const { klass } = await requireClassManager(deps, actor, classId, tx);
    await repo.setActivationCode(tx, klass.id, klass.school_id, newActivationCode());
    // The codes themselves stay out of the audit log: they are keys to the class.
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: klass.school_id,
      action: 'regenerate_activation_code',
      entityType: 'school_class',
      entityId: klass.id,
      ip,
    });
    return presentManagedClass((await repo.findManagedClass(tx, klass.id))!);
  });
}

/**
 * A school admin withdraws a student from a class: their place becomes REMOVED (20), their work stays, and in the
 * same transaction a paid class's fee is credited (a refund owed if they had paid). Class teachers may not: it
 * changes what a family is charged.
 */
export async function withdrawStudent(
  deps: AppDeps,
  actor: Actor,
  classId: number,
  profileId: number,
  ip: string,
): Promise<WithdrawStudentResponse> {
  return deps.db.transaction(async (tx) => {
    await repo.lockClass(tx, classId);
    const { klass, manager } = await requireClassManager(deps, actor, classId, tx);
    if (!manager.isAdmin) throw new AppError('forbidden', 'Only a school admin may withdraw a student from a class.');
    const enrolment = await repo.enrolmentForUpdate(tx, klass.id, klass.school_id, profileId);
    if (!enrolment || enrolment.access_status < AccessStatus.LOCKED) {
      throw new AppError('not_found', 'That student is not in this class.');
    }
    const at = deps.clock.now();
    await setEnrolmentStatuses(tx, klass.school_id, [{ enrolmentId: enrolment.id, status: AccessStatus.REMOVED }], at);
    await enrolmentsChanged(tx, {
      schoolId: klass.school_id,
      calendarYear: klass.calendar_year,
      profileIds: [profileId],
      at,
      actorUserId: actor.userId,
    });
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: klass.school_id,
      action: 'withdraw_student',
      entityType: 'enrolment',
      entityId: enrolment.id,
      before: { access_status: enrolment.access_status },
      after: { access_status: AccessStatus.REMOVED },
      ip,
    });
    return { profile_id: profileId, access_status: AccessStatus.REMOVED };
  });
}

/** The classes the actor may upload a class list to, across their schools. */
export async function uploaderClasses(deps: AppDeps, actor: Actor): Promise<UploaderClass[]> {
  const managers = await managedSchools(deps, actor);
  return repo.uploaderClasses(deps.db, {
    userId: actor.userId,
    adminSchoolIds: managers.filter((m) => m.isAdmin).map((m) => m.school.id),
  });
}
