import { localYear } from '@banksia/contracts/rules/class-expiry';
import type { z } from 'zod';
import type { schoolClassesResponse } from '@banksia/contracts/courses';
import type { SchoolDashboard, SchoolExam } from '@banksia/contracts/schools';
import { audit } from '../../platform/audit';
import { authorize, can } from '../../platform/authorize';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { isoOrNull, summariseScores } from './schools.presenter';
import './schools.policy';
import * as repo from './schools.repository';

/**
 * A school's classes of one calendar year (default: the latest year with classes, else the current year), for
 * users with a teacher profile at the school and for staff.
 */
export async function schoolClasses(
  deps: AppDeps,
  actor: Actor,
  schoolId: number,
  year: number | undefined,
): Promise<z.infer<typeof schoolClassesResponse>> {
  const found = await repo.findSchool(deps.db, schoolId);
  if (!found) throw new AppError('not_found', 'No such school.');
  const { timeZone, ...school } = found;
  authorize(actor, 'school.classes', { teaches: await repo.teachesAtSchool(deps.db, actor.userId, school.id) });
  const years = await repo.classYears(deps.db, school.id);
  // The school's current year (ADR 048); only matters for a school with no classes yet.
  const chosen = year ?? years[0] ?? localYear(deps.clock.now(), timeZone);
  const classes = await repo.classesOfYear(deps.db, school.id, chosen);
  return { school, years, classes };
}

/** Who sees a school's dashboard and exam pages: its teachers (and admins) and content or roster staff. */
async function schoolToView(deps: AppDeps, actor: Actor, slug: string) {
  const found = await repo.findSchoolBySlug(deps.db, slug);
  if (!found) throw new AppError('not_found', 'No such school.');
  const { timeZone, ...school } = found;
  const standing = authorize(actor, 'school.view', {
    teaches: await repo.teachesAtSchool(deps.db, actor.userId, school.id),
  });
  return { school, timeZone, opensAll: can(actor, 'school.open-all-classes', standing) };
}

/** The year asked for, else the school's current calendar year (in its time zone, ADR 048). */
function yearOrCurrent(deps: AppDeps, timeZone: string, year: number | undefined): number {
  return year ?? localYear(deps.clock.now(), timeZone);
}

/** /school/{schoolSlug}/: the school's classes of a year with their figures, and the exams of their courses. */
export async function schoolDashboard(
  deps: AppDeps,
  actor: Actor,
  slug: string,
  year: number | undefined,
): Promise<SchoolDashboard> {
  const { school, timeZone, opensAll } = await schoolToView(deps, actor, slug);
  const chosen = yearOrCurrent(deps, timeZone, year);
  const q = { schoolId: school.id, year: chosen, userId: actor.userId };
  const [years, classes, exams] = await Promise.all([
    repo.classYears(deps.db, school.id),
    repo.dashboardClasses(deps.db, q),
    repo.dashboardExams(deps.db, q),
  ]);
  return {
    school,
    year: chosen,
    years,
    classes: classes.map((c) => ({
      id: c.id,
      title: c.title,
      course_id: c.course_id,
      course_title: c.course_title,
      class_type: c.class_type,
      teacher_names: c.teacher_names,
      student_count: c.student_count,
      chunk_count: c.chunk_count,
      chunks_opened_share:
        c.student_count > 0 && c.chunk_count > 0
          ? Math.min(1, c.chunks_opened / (c.student_count * c.chunk_count))
          : null,
      exams_submitted: c.exams_submitted,
      last_activity_at: isoOrNull(c.last_activity_at),
      can_open: opensAll || c.teaches,
    })),
    exams,
  };
}

/** /school/{schoolSlug}/{year}/exam/{examId}/: one exam across the school's classes on its course that year. */
export async function schoolExam(
  deps: AppDeps,
  actor: Actor,
  slug: string,
  examId: number,
  year: number | undefined,
): Promise<SchoolExam> {
  const { school, timeZone, opensAll } = await schoolToView(deps, actor, slug);
  const exam = await repo.findExam(deps.db, examId);
  if (!exam || exam.kind !== 'exam') throw new AppError('not_found', 'No such exam.');
  const chosen = yearOrCurrent(deps, timeZone, year);
  const marksTotal = Number(exam.marks_total);
  const [years, rows] = await Promise.all([
    repo.courseYears(deps.db, school.id, exam.course_id),
    repo.examScoresByClass(deps.db, {
      schoolId: school.id,
      year: chosen,
      courseId: exam.course_id,
      examId: exam.id,
      marksTotal,
      userId: actor.userId,
    }),
  ]);
  const classes = rows.map((r) => ({
    class_id: r.class_id,
    title: r.title,
    teacher_names: r.teacher_names,
    can_mark: opensAll || r.teaches,
    ...summariseScores(r.percents.map(Number), r.roster_size, r.awaiting_marking),
  }));
  const overall = summariseScores(
    rows.flatMap((r) => r.percents.map(Number)),
    rows.reduce((sum, r) => sum + r.roster_size, 0),
    rows.reduce((sum, r) => sum + r.awaiting_marking, 0),
  );
  return {
    school,
    year: chosen,
    years,
    exam: {
      id: exam.id,
      title: exam.title,
      course_id: exam.course_id,
      course_title: exam.course_title,
      marks_total: marksTotal,
    },
    classes,
    overall,
  };
}

/**
 * Sets a school's IANA time zone (content staff; validated by the route's schema), whose days are the school's days
 * (ADR 048); audited in the same transaction.
 */
export async function setTimeZone(
  deps: AppDeps,
  actor: Actor,
  schoolId: number,
  timeZone: string,
  ip: string,
): Promise<{ school_id: number; time_zone: string }> {
  if (!(await repo.databaseKnowsZone(deps.db, timeZone))) {
    throw new AppError('validation_failed', undefined, {
      errors: { time_zone: ['The database does not know this time zone yet: choose a neighbouring one.'] },
    });
  }
  return deps.db.transaction(async (tx) => {
    const changed = await repo.setTimeZone(tx, schoolId, timeZone);
    if (!changed) throw new AppError('not_found', 'No such school.');
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId,
      action: 'set_school_time_zone',
      entityType: 'school',
      entityId: schoolId,
      before: { time_zone: changed.before },
      after: { time_zone: changed.after },
      ip,
    });
    return { school_id: schoolId, time_zone: changed.after };
  });
}

/**
 * Sets the domains a school's email addresses are at (content staff), kept in order without repeats; audited in the
 * same transaction.
 */
export async function setEmailDomains(
  deps: AppDeps,
  actor: Actor,
  schoolId: number,
  domains: string[],
  ip: string,
): Promise<{ school_id: number; email_domains: string[] }> {
  const unique = [...new Set(domains)];
  return deps.db.transaction(async (tx) => {
    const changed = await repo.setEmailDomains(tx, schoolId, unique);
    if (!changed) throw new AppError('not_found', 'No such school.');
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId,
      action: 'set_email_domains',
      entityType: 'school',
      entityId: schoolId,
      before: { email_domains: changed.before },
      after: { email_domains: changed.after },
      ip,
    });
    return { school_id: schoolId, email_domains: changed.after };
  });
}
