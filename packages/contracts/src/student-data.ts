import { z } from 'zod';

/**
 * A student's data (issue 18 §6): everything held about one student as a zip of JSON and CSV, and erasure, which
 * removes who they are and keeps their work, anonymised, so class figures stay true.
 */

/** The name erasure gives the student (first and last name), shown wherever their work is still counted. */
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'student';

/** The domain of an erased student's placeholder address: `.invalid` is reserved (RFC 2606), so nothing is delivered. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/** Whether an address is an erased student's placeholder. */
export function isErasedEmail(email: string): boolean {
  return email.endsWith(`@${ERASED_EMAIL_DOMAIN}`);
}

/** A name as the confirmation compares it: spaces collapsed, case ignored. */
export function normaliseConfirmName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-AU');
}

export const eraseStudentBody = z.object({
  /** The student's full name (first and last), typed by the person erasing them. */
  confirm_name: z.string().trim().min(1, "Type the student's full name.").max(300),
});
export type EraseStudentBody = z.infer<typeof eraseStudentBody>;

export const eraseStudentResponse = z.object({ user_id: z.number().int(), detail: z.string() });
export type EraseStudentResponse = z.infer<typeof eraseStudentResponse>;

/** What erasure removes and what it keeps, shown before the person confirms (and in docs/student-data.md). */
export const ERASURE_REMOVES = [
  'Name (shown as "Erased student" from now on), email address, password and student codes',
  'Signed-in sessions and set-password links; the account can no longer sign in',
  'The text of lesson and question notes and of support messages they sent',
  'Emails sent to them, and their name and email wherever else they appear (audit log, events)',
] as const;
export const ERASURE_KEEPS = [
  'Their enrolments, lesson visits and video watching, ratings, activity answers and uploaded files',
  'Exam and question set sittings with answers, marks and feedback, tasks and review cards',
  'So class progress grids, averages and insights stay true, under the name "Erased student"',
] as const;
