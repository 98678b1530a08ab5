import type {
  ProfilesWithoutSchoolEmailReport,
  SalesLeadReport,
  SchoolEmailReport,
  TeacherTrialLead,
} from '@banksia/contracts/staff-reports';
import { isClassExpired, localDate, localYear } from '@banksia/contracts/rules/class-expiry';
import { toCsv, type CsvCell } from '@banksia/contracts/rules/csv';
import type { AppDeps } from '../../platform/deps';
import * as repo from './staff-reports.repository';

/**
 * The calendar year a report across schools shows when none is asked for: the current one in the configured
 * SCHOOL_TIME_ZONE (the schools' usual zone, ADR 048).
 */
export function reportYear(deps: AppDeps, year: number | undefined): number {
  return year ?? localYear(deps.clock.now(), deps.config.schoolTimeZone);
}

/**
 * Per school, the profiles (in a class of the year) whose email is missing or not at one of the school's domains. A
 * school with no domains set lists every profile with an email as "other domain": staff see at once that the school
 * needs its domains.
 */
export async function profilesWithoutSchoolEmail(
  deps: AppDeps,
  q: { year?: number; school_id?: number },
): Promise<ProfilesWithoutSchoolEmailReport> {
  const year = reportYear(deps, q.year);
  const rows = await repo.profileEmails(deps.db, year, q.school_id);
  const schools = new Map<number, SchoolEmailReport>();
  for (const r of rows) {
    let school = schools.get(r.school_id);
    if (!school) {
      school = {
        school_id: r.school_id,
        school_name: r.school_name,
        email_domains: r.email_domains,
        time_zone: r.time_zone,
        profiles_checked: 0,
        profiles: [],
      };
      schools.set(r.school_id, school);
    }
    school.profiles_checked += 1;
    if (r.problem) {
      const { profile_id, user_id, kind, first_name, last_name, email, problem } = r;
      school.profiles.push({ profile_id, user_id, kind, first_name, last_name, email, problem });
    }
  }
  return { year, schools: [...schools.values()] };
}

const PROBLEM_TEXT = { missing: 'No email', other_domain: 'Not at the school domain' } as const;

/** The report as CSV: one row per listed profile (cells neutralised against formulas). */
export function profilesWithoutSchoolEmailCsv(report: ProfilesWithoutSchoolEmailReport): string {
  const rows: CsvCell[][] = [
    ['School', 'School email domains', 'Profile id', 'Kind', 'First name', 'Last name', 'Email', 'Problem'],
  ];
  for (const s of report.schools) {
    for (const p of s.profiles) {
      rows.push([
        s.school_name,
        s.email_domains.join(' '),
        p.profile_id,
        p.kind,
        p.first_name,
        p.last_name,
        p.email,
        PROBLEM_TEXT[p.problem],
      ]);
    }
  }
  return toCsv(rows);
}

/** Teacher trials of the year by school, with how much each was used and whether it converted. */
export async function salesLeads(deps: AppDeps, q: { year?: number }): Promise<SalesLeadReport> {
  const year = reportYear(deps, q.year);
  const now = deps.clock.now();
  const rows = await repo.teacherTrialLeads(deps.db, year);
  const schools = new Map<number, SalesLeadReport['schools'][number]>();
  for (const r of rows) {
    let school = schools.get(r.school_id);
    if (!school) {
      school = { school_id: r.school_id, school_name: r.school_name, trials: [] };
      schools.set(r.school_id, school);
    }
    const trial: TeacherTrialLead = {
      class_id: r.class_id,
      class_title: r.class_title,
      course_title: r.course_title,
      teachers: r.teachers ?? [],
      teacher_emails: r.teacher_emails ?? [],
      // The school's days (ADR 048): the date the trial began there, and whether its last day there has passed.
      started_on: localDate(new Date(r.started_at), r.time_zone),
      expires_on: r.expires_on,
      expired: isClassExpired(r.expires_on, now, r.time_zone),
      classes_made: r.classes_made,
      students_active: r.students_active,
      lessons_opened: r.lessons_opened,
      exams_sat: r.exams_sat,
      converted: r.converted,
    };
    school.trials.push(trial);
  }
  return { year, schools: [...schools.values()] };
}

/** The sales-lead report as CSV: one row per trial. */
export function salesLeadsCsv(report: SalesLeadReport): string {
  const rows: CsvCell[][] = [
    [
      'School',
      'Trial class',
      'Course',
      'Teachers',
      'Teacher emails',
      'Started',
      'Expires',
      'Classes made',
      'Students active',
      'Lessons opened',
      'Exams sat',
      'Converted',
    ],
  ];
  for (const s of report.schools) {
    for (const t of s.trials) {
      rows.push([
        s.school_name,
        t.class_title,
        t.course_title,
        t.teachers.join('; '),
        t.teacher_emails.join('; '),
        t.started_on,
        t.expires_on,
        t.classes_made,
        t.students_active,
        t.lessons_opened,
        t.exams_sat,
        t.converted ? 'yes' : 'no',
      ]);
    }
  }
  return toCsv(rows);
}
