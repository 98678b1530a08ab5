import { z } from 'zod';
import { idParam, idValue } from './ids';

// The welcome journey (content staff): a series of emails by role and class type, each sent a number of days after
// the person joined a class of that type, unless they have already done the step it is about.

export const welcomeRoles = ['teacher', 'student'] as const;
export const welcomeRoleSchema = z.enum(welcomeRoles);
export type WelcomeRole = z.infer<typeof welcomeRoleSchema>;
export const welcomeClassTypes = ['N', 'C', 'TT', 'ST'] as const;
export const classTypeLabels: Record<(typeof welcomeClassTypes)[number], string> = {
  N: 'Normal',
  C: 'Complimentary',
  TT: 'Teacher trial',
  ST: 'Student trial',
};

/** The steps an email can stop at: once the person has done it, that email is not sent to them. */
export const welcomeStopSteps = ['signed_in', 'created_class', 'added_students', 'opened_lesson'] as const;
export const welcomeStopStepSchema = z.enum(welcomeStopSteps);
export type WelcomeStopStep = z.infer<typeof welcomeStopStepSchema>;
export const stopStepLabels: Record<WelcomeStopStep, string> = {
  signed_in: 'Signed in',
  created_class: 'Teaches a class of their own (not a trial)',
  added_students: 'Has students in a class they teach',
  opened_lesson: 'Opened a lesson',
};

/** Placeholders a subject or body may use; anything else in braces is left as written. */
export const welcomePlaceholders = [
  'first_name',
  'class_title',
  'course_title',
  'school_name',
  'sign_in_link',
] as const;

/** An email is sent only within this many days of its due day, so a new step does not mail everyone from years ago. */
export const WELCOME_CATCH_UP_DAYS = 7;

const subject = z.string().trim().min(1, 'Enter a subject.').max(200);
const body = z.string().trim().min(1, 'Enter the email body.').max(20_000);

export const welcomeStepBody = z.object({
  role: welcomeRoleSchema,
  class_type: z.enum(welcomeClassTypes),
  days_after: z.number().int().min(0, 'Days must be 0 or more.').max(365),
  subject,
  /** Plain text: a blank line starts a new paragraph; {{placeholders}} are filled in per person. */
  body,
  stop_when: welcomeStopStepSchema.nullable(),
  is_active: z.boolean(),
});
export type WelcomeStepBody = z.input<typeof welcomeStepBody>;

export const welcomeStepSchema = welcomeStepBody.extend({
  id: idValue,
  sent_count: z.number().int(),
  updated_at: z.string(),
});
export type WelcomeStep = z.infer<typeof welcomeStepSchema>;
export const welcomeStepListResponse = z.object({ results: z.array(welcomeStepSchema) });
export type WelcomeStepList = z.infer<typeof welcomeStepListResponse>;
export const welcomeStepParams = z.object({ stepId: idParam });

export const welcomePreviewBody = z.object({ subject, body });
export type WelcomePreviewBody = z.input<typeof welcomePreviewBody>;
export const welcomePreviewResponse = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type WelcomePreview = z.infer<typeof welcomePreviewResponse>;

export const welcomeTestSendResponse = z.object({ detail: z.string(), outbox_id: idValue });

export const WELCOME_LOG_PAGE_SIZE = 50;
export const welcomeLogQuery = z.object({
  step_id: idParam.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type WelcomeLogQuery = z.input<typeof welcomeLogQuery>;
export const welcomeLogItem = z.object({
  id: idValue,
  step_id: idValue,
  step_subject: z.string(),
  user_id: idValue,
  to: z.string(),
  name: z.string(),
  class_id: idValue.nullable(),
  class_title: z.string().nullable(),
  sent_at: z.string(),
  outbox_id: idValue.nullable(),
  /** The outbox's status of the message; null once the outbox has pruned it. */
  status: z.enum(['queued', 'sent', 'failed']).nullable(),
});
export type WelcomeLogItem = z.infer<typeof welcomeLogItem>;
export const welcomeLogResponse = z.object({
  results: z.array(welcomeLogItem),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WelcomeLog = z.infer<typeof welcomeLogResponse>;
