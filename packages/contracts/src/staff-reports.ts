import { z } from 'zod';
import { idParam, MAX_ID } from './ids';
import { isValidTimeZone } from './rules/review';

// Staff reports (content staff): profiles whose email is not at their school's domain, and teacher trials as sales
// leads. Both filter by calendar year and come as JSON for the pages, or as CSV to download (`…/csv/`).

const id = z.number().int().max(MAX_ID);
const yearValue = z.coerce.number().int().min(2000).max(2100);

// ---------------------------------------------------------------------------------------------------------------
// Profiles without an email at the school's domain (/content/admin/profiles-without-email-at-domain-report/)

export const profilesWithoutSchoolEmailQuery = z.object({
  /** Profiles in a class of that calendar year (as student or teacher); the current year when absent. */
  year: yearValue.optional(),
  school_id: idParam.optional(),
});
export type ProfilesWithoutSchoolEmailQuery = z.input<typeof profilesWithoutSchoolEmailQuery>;

/** Why a profile is listed: it has no email, or its email is not at any of the school's domains. */
export const emailProblemSchema = z.enum(['missing', 'other_domain']);
export type EmailProblem = z.infer<typeof emailProblemSchema>;

export const profileWithoutSchoolEmailSchema = z.object({
  profile_id: id,
  user_id: id,
  kind: z.enum(['student', 'teacher']),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  problem: emailProblemSchema,
});
export type ProfileWithoutSchoolEmail = z.infer<typeof profileWithoutSchoolEmailSchema>;

export const schoolEmailReportSchema = z.object({
  school_id: id,
  school_name: z.string(),
  /** The school's email domains; an email at one of them or at a subdomain of one counts as the school's. */
  email_domains: z.array(z.string()),
  /** The school's IANA time zone ("Australia/Perth"): its days (expiry, due dates, the review) are days there. */
  time_zone: z.string(),
  /** Profiles of the school in a class of the year. */
  profiles_checked: z.number().int(),
  profiles: z.array(profileWithoutSchoolEmailSchema),
});
export type SchoolEmailReport = z.infer<typeof schoolEmailReportSchema>;

export const profilesWithoutSchoolEmailResponse = z.object({
  year: z.number().int(),
  schools: z.array(schoolEmailReportSchema),
});
export type ProfilesWithoutSchoolEmailReport = z.infer<typeof profilesWithoutSchoolEmailResponse>;

/** A domain as schools write it: lower case, letters, digits, dashes and dots, at least one dot; no @ or scheme. */
export const emailDomainValue = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Not a domain, e.g. school.vic.edu.au.',
  );

export const schoolEmailDomainsBody = z.object({
  email_domains: z.array(emailDomainValue).max(10, 'At most 10 domains.'),
});
export type SchoolEmailDomainsBody = z.infer<typeof schoolEmailDomainsBody>;
export const schoolEmailDomainsParams = z.object({ schoolId: idParam });
export const schoolEmailDomainsResponse = z.object({ school_id: id, email_domains: z.array(z.string()) });

/** An IANA time zone the runtime knows ("Australia/Perth"; ADR 048). */
export const timeZoneValue = z.string().max(64).refine(isValidTimeZone, {
  message: 'Not a time zone the server knows: choose one from the list, e.g. Australia/Perth.',
});

/** PUT /api/v1/schools/{schoolId}/time-zone/ (content staff): the school's time zone. */
export const schoolTimeZoneBody = z.object({ time_zone: timeZoneValue });
export type SchoolTimeZoneBody = z.infer<typeof schoolTimeZoneBody>;
export const schoolTimeZoneResponse = z.object({ school_id: id, time_zone: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Sales leads (/sales-lead/report/): teacher trials by school, with their use

export const salesLeadQuery = z.object({
  /** Trials whose class is of that calendar year; the current year when absent. */
  year: yearValue.optional(),
});
export type SalesLeadQuery = z.input<typeof salesLeadQuery>;

export const teacherTrialLeadSchema = z.object({
  class_id: id,
  class_title: z.string(),
  course_title: z.string(),
  /** The trial's teachers, "First Last" each. */
  teachers: z.array(z.string()),
  teacher_emails: z.array(z.string()),
  started_on: z.string(),
  expires_on: z.string().nullable(),
  expired: z.boolean(),
  /** Classes the trial's teachers teach at the school, the trial included. */
  classes_made: z.number().int(),
  /** Students of those classes who opened a lesson or sat an exam since the trial started. */
  students_active: z.number().int(),
  /** Distinct lessons opened by those students since the trial started. */
  lessons_opened: z.number().int(),
  /** Exams and question sets submitted in those classes since the trial started. */
  exams_sat: z.number().int(),
  /** A trial teacher teaches a normal or complimentary class at the school that was made after the trial began. */
  converted: z.boolean(),
});
export type TeacherTrialLead = z.infer<typeof teacherTrialLeadSchema>;

export const salesLeadSchoolSchema = z.object({
  school_id: id,
  school_name: z.string(),
  trials: z.array(teacherTrialLeadSchema),
});

export const salesLeadResponse = z.object({
  year: z.number().int(),
  schools: z.array(salesLeadSchoolSchema),
});
export type SalesLeadReport = z.infer<typeof salesLeadResponse>;
