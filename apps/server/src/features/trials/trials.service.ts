import { randomInt } from 'node:crypto';
import { expiryEffect, localDate, localYear } from '@banksia/contracts/rules/class-expiry';
import type {
  CreateStudentTrialBody,
  CreateTrialAccountsBody,
  SetupTeacherTrialBody,
  TrialAccountsBatch,
  TrialClass,
  TrialList,
} from '@banksia/contracts/trials';
import { AccessStatus } from '@banksia/contracts/classes';
import { audit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { queueEmail } from '../../platform/mail';
import { hashPassword } from '../../platform/passwords';
import { activationLink, newActivationCode } from '../classes/index';
import { queueInvitations } from '../passwords/index';
import { trialWelcomeEmail } from './trials.emails';
import * as repo from './trials.repository';
import { syncChargesAndLocks } from '../payments/index';
import { findUserByEmail } from '../accounts/index';

/** Letters and digits that cannot be mistaken for one another on a printed card (no 0/o, 1/l/i). */
const CARD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function randomChars(n: number): string {
  let out = '';
  for (let i = 0; i < n; i += 1) out += CARD_ALPHABET[randomInt(CARD_ALPHABET.length)];
  return out;
}

/** A trial username: `trial-` and 6 random characters (matches TRIAL_USERNAME_PATTERN). */
export function newTrialUsername(): string {
  return `trial-${randomChars(6)}`;
}

/** A trial password: two groups of 5 random characters (about 49 bits), easy to copy from a card. */
export function newTrialPassword(): string {
  return `${randomChars(5)}-${randomChars(5)}`;
}

function present(deps: AppDeps, row: repo.TrialClassRow): TrialClass {
  const link = activationLink(row.activation_code);
  return {
    id: row.id,
    title: row.title,
    class_type: row.class_type,
    school_id: row.school_id,
    school_name: row.school_name,
    course_id: row.course_id,
    course_title: row.course_title,
    calendar_year: row.calendar_year,
    expiration_date: row.expiration_date,
    expired: expiryEffect(row.class_type, row.expiration_date, deps.clock.now(), row.time_zone) === 'read_only',
    activation_link: link ? `${deps.config.publicUrl}${link}` : null,
    teachers: row.teachers,
    student_count: row.student_count,
    trial_account_count: row.trial_account_count,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listTrials(deps: AppDeps, classType: 'TT' | 'ST' | undefined): Promise<TrialList> {
  const rows = await repo.listTrialClasses(deps.db, classType ? { classType } : {});
  return { results: rows.map((r) => present(deps, r)) };
}

async function getTrial(deps: AppDeps, classId: number): Promise<TrialClass> {
  const [row] = await repo.listTrialClasses(deps.db, { classId });
  if (!row) throw new AppError('not_found', 'No such class.');
  return present(deps, row);
}

/** An expiration date must be today or later, today being the school's (ADR 048). */
function checkExpiry(deps: AppDeps, date: string, timeZone: string) {
  if (date < localDate(deps.clock.now(), timeZone)) {
    throw new AppError('validation_failed', 'The expiry date has passed.', {
      errors: { expiration_date: ['Choose a date from today on.'] },
    });
  }
}

async function schoolAndCourse(deps: AppDeps, schoolId: number, courseId: number) {
  const [school, course] = await Promise.all([repo.findSchool(deps.db, schoolId), repo.findCourse(deps.db, courseId)]);
  if (!school)
    throw new AppError('validation_failed', 'No such school.', { errors: { school_id: ['No such school.'] } });
  if (!course)
    throw new AppError('validation_failed', 'No such course.', { errors: { course_id: ['No such course.'] } });
  return { school, course };
}

/**
 * Sets up a teacher trial: the teacher's account (made without a password when the email is new, with an invitation
 * to choose one), their teacher profile at the school, a TT class on the course with an activation code, and the
 * trial's welcome email; all in one transaction.
 */
export async function setupTeacherTrial(deps: AppDeps, actorId: number, body: SetupTeacherTrialBody, ip: string) {
  const { school, course } = await schoolAndCourse(deps, body.school_id, body.course_id);
  checkExpiry(deps, body.expiration_date, school.timeZone);
  const existing = await findUserByEmail(deps.db, body.email!);
  if (!existing && (!body.first_name || !body.last_name)) {
    throw new AppError('validation_failed', 'Enter the new teacher’s name.', {
      errors: {
        ...(body.first_name ? {} : { first_name: ['Enter a first name for the new account.'] }),
        ...(body.last_name ? {} : { last_name: ['Enter a last name for the new account.'] }),
      },
    });
  }
  if (existing && !existing.isActive) {
    throw new AppError('conflict', 'This account is deactivated. Activate it on the users page first.');
  }
  const classId = await deps.db.transaction(async (tx) => {
    const userId =
      existing?.id ??
      (await repo.insertUser(tx, {
        email: body.email!,
        firstName: body.first_name!,
        lastName: body.last_name!,
        createdAt: deps.clock.now(),
      }));
    await repo.grantRole(tx, userId, 'teacher', actorId);
    const profileId = await repo.ensureProfile(tx, userId, school.id, 'teacher');
    const code = newActivationCode();
    const id = await repo.insertClass(tx, {
      schoolId: school.id,
      courseId: course.id,
      title: body.title ?? `${course.title} (trial)`,
      classType: 'TT',
      calendarYear: localYear(deps.clock.now(), school.timeZone),
      expirationDate: body.expiration_date,
      activationCode: code,
      createdAt: deps.clock.now(),
    });
    await repo.addTeacher(tx, school.id, id, profileId, deps.clock.now());
    if (!existing) await queueInvitations(deps, tx, [userId], school.id);
    const email = trialWelcomeEmail({
      firstName: existing?.firstName ?? body.first_name!,
      schoolName: school.name,
      classTitle: body.title ?? `${course.title} (trial)`,
      courseTitle: course.title,
      expirationDate: body.expiration_date,
      signInUrl: `${deps.config.publicUrl}/account/`,
      activationUrl: `${deps.config.publicUrl}${activationLink(code)!}`,
      newAccount: !existing,
    });
    await queueEmail(deps, tx, { ...email, schoolId: school.id, to: body.email!, template: 'teacher-trial-welcome' });
    await audit(tx, {
      actorUserId: actorId,
      schoolId: school.id,
      action: 'setup_teacher_trial',
      entityType: 'school_class',
      entityId: id,
      after: {
        teacher_user_id: userId,
        new_account: !existing,
        course_id: course.id,
        expiration_date: body.expiration_date,
      },
      ip,
    });
    return id;
  });
  return { trial: await getTrial(deps, classId), new_account: !existing };
}

/** A student trial (ST) class on a course at a school, with an activation code. */
export async function createStudentTrial(deps: AppDeps, actorId: number, body: CreateStudentTrialBody, ip: string) {
  const { school, course } = await schoolAndCourse(deps, body.school_id, body.course_id);
  checkExpiry(deps, body.expiration_date, school.timeZone);
  const classId = await deps.db.transaction(async (tx) => {
    const id = await repo.insertClass(tx, {
      schoolId: school.id,
      courseId: course.id,
      title: body.title,
      classType: 'ST',
      calendarYear: localYear(deps.clock.now(), school.timeZone),
      expirationDate: body.expiration_date,
      activationCode: newActivationCode(),
      createdAt: deps.clock.now(),
    });
    await audit(tx, {
      actorUserId: actorId,
      schoolId: school.id,
      action: 'create_student_trial',
      entityType: 'school_class',
      entityId: id,
      after: { title: body.title, course_id: course.id, expiration_date: body.expiration_date },
      ip,
    });
    return id;
  });
  return getTrial(deps, classId);
}

/**
 * A batch of anonymous student accounts for an ST class: each a user named by a generated username, with a random
 * password (hashed with argon2; the clear passwords are in this answer only), a student profile at the school and an
 * enrolment (ADDED_VIA_ADMIN). All or none are made.
 */
export async function createTrialAccounts(
  deps: AppDeps,
  actorId: number,
  body: CreateTrialAccountsBody,
  ip: string,
): Promise<TrialAccountsBatch> {
  const trial = await getTrial(deps, body.class_id);
  if (trial.class_type !== 'ST') {
    throw new AppError('validation_failed', 'Anonymous accounts are for student trial classes.', {
      errors: { class_id: ['Choose a student trial (ST) class.'] },
    });
  }
  if (trial.expired) throw new AppError('class_read_only', 'This trial has ended: extend it before adding accounts.');
  const accounts: { username: string; password: string; hash: string }[] = [];
  const usernames = new Set<string>();
  while (accounts.length < body.count) {
    const username = newTrialUsername();
    if (usernames.has(username) || (await repo.usernameTaken(deps.db, username))) continue;
    usernames.add(username);
    const password = newTrialPassword();
    accounts.push({ username, password, hash: await hashPassword(password) });
  }
  const made = await deps.db.transaction(async (tx) => {
    const klass = await repo.lockClass(tx, trial.id);
    if (!klass || klass.class_type !== 'ST') throw new AppError('conflict', 'The class is no longer a student trial.');
    const out: TrialAccountsBatch['accounts'] = [];
    let n = trial.trial_account_count;
    for (const a of accounts) {
      n += 1;
      const userId = await repo.insertUser(tx, {
        createdAt: deps.clock.now(),
        email: a.username,
        firstName: 'Trial',
        lastName: `Student ${n}`,
        passwordHash: a.hash,
      });
      await repo.grantRole(tx, userId, 'student', actorId);
      const profileId = await repo.ensureProfile(tx, userId, klass.school_id, 'student');
      await repo.enrol(tx, klass.school_id, klass.id, profileId, AccessStatus.ADDED_VIA_ADMIN, deps.clock.now());
      await repo.insertTrialAccount(tx, {
        userId,
        schoolId: klass.school_id,
        classId: klass.id,
        createdBy: actorId,
        createdAt: deps.clock.now(),
      });
      out.push({ user_id: userId, username: a.username, password: a.password });
    }
    await audit(tx, {
      actorUserId: actorId,
      schoolId: klass.school_id,
      action: 'create_trial_accounts',
      entityType: 'school_class',
      entityId: klass.id,
      after: { count: out.length, user_ids: out.map((a) => a.user_id) },
      ip,
    });
    return out;
  });
  return {
    class_id: trial.id,
    class_title: trial.title,
    expiration_date: trial.expiration_date,
    sign_in_url: `${deps.config.publicUrl}/account/`,
    accounts: made,
  };
}

/** Moves a trial's expiration date (a read-only expired trial opens again). */
export async function extendTrial(deps: AppDeps, actorId: number, classId: number, date: string, ip: string) {
  await deps.db.transaction(async (tx) => {
    const klass = await repo.lockClass(tx, classId);
    if (!klass) throw new AppError('not_found', 'No such class.');
    if (klass.class_type !== 'TT' && klass.class_type !== 'ST') {
      throw new AppError('conflict', 'This class is not a trial.');
    }
    checkExpiry(deps, date, klass.time_zone);
    await repo.updateClass(tx, classId, { expirationDate: date });
    await audit(tx, {
      actorUserId: actorId,
      schoolId: klass.school_id,
      action: 'extend_trial',
      entityType: 'school_class',
      entityId: classId,
      before: { expiration_date: klass.expiration_date },
      after: { expiration_date: date },
      ip,
    });
  });
  return getTrial(deps, classId);
}

/**
 * Converts a trial to a normal (N) class with no expiration date. The class keeps its id, so every response,
 * sitting, note and enrolment stays where it is; trial accounts keep signing in.
 */
export async function convertTrial(deps: AppDeps, actorId: number, classId: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    const klass = await repo.lockClass(tx, classId);
    if (!klass) throw new AppError('not_found', 'No such class.');
    if (klass.class_type !== 'TT' && klass.class_type !== 'ST') {
      throw new AppError('conflict', 'This class is not a trial.');
    }
    await repo.updateClass(tx, classId, { classType: 'N', expirationDate: null });
    // A normal class may be priced: its students' charges follow at once (docs/payments.md).
    await syncChargesAndLocks(tx, {
      schoolId: klass.school_id,
      calendarYear: klass.calendar_year,
      at: deps.clock.now(),
      actorUserId: actorId,
    });
    await audit(tx, {
      actorUserId: actorId,
      schoolId: klass.school_id,
      action: 'convert_trial',
      entityType: 'school_class',
      entityId: classId,
      before: { class_type: klass.class_type, expiration_date: klass.expiration_date },
      after: { class_type: 'N', expiration_date: null },
      ip,
    });
  });
  return getTrial(deps, classId);
}
