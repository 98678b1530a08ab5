import { z } from 'zod';
import { idParam, idValue } from './ids';

// Trials (content staff): teacher trial (TT) classes set up for a teacher, student trial (ST) classes with batches
// of anonymous student accounts. A trial past its expiration date is read-only; converting makes it a normal class.

const isoDate = z.iso.date({ message: 'Enter a date as YYYY-MM-DD.' });
const title = z.string().trim().min(1, 'Enter a title.').max(120);

export const trialClassTypes = ['TT', 'ST'] as const;
export const trialClassTypeSchema = z.enum(trialClassTypes);
export type TrialClassType = z.infer<typeof trialClassTypeSchema>;

/** Accounts made in one batch at most (each is an argon2 hash: ~22 ms). */
export const MAX_TRIAL_ACCOUNTS_PER_BATCH = 60;

export const trialClassSchema = z.object({
  id: idValue,
  title: z.string(),
  class_type: z.enum(['N', 'C', 'TT', 'ST']),
  school_id: idValue,
  school_name: z.string(),
  course_id: idValue,
  course_title: z.string(),
  calendar_year: z.number().int(),
  expiration_date: z.string().nullable(),
  /** Past its expiration date: read-only until converted or extended. */
  expired: z.boolean(),
  activation_link: z.string().nullable(),
  teachers: z.array(z.object({ user_id: idValue, name: z.string(), email: z.string() })),
  student_count: z.number().int(),
  /** Anonymous trial accounts made for it. */
  trial_account_count: z.number().int(),
  created_at: z.string(),
});
export type TrialClass = z.infer<typeof trialClassSchema>;

export const trialListQuery = z.object({ class_type: trialClassTypeSchema.optional() });
export type TrialListQuery = z.input<typeof trialListQuery>;
export const trialListResponse = z.object({ results: z.array(trialClassSchema) });
export type TrialList = z.infer<typeof trialListResponse>;
export const trialClassParams = z.object({ classId: idParam });

export const setupTeacherTrialBody = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  /** Used only when no account has this email yet. */
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string().trim().max(100).default(''),
  school_id: idValue,
  course_id: idValue,
  title: title.optional(),
  expiration_date: isoDate,
});
export type SetupTeacherTrialBody = z.input<typeof setupTeacherTrialBody>;
export const setupTeacherTrialResponse = z.object({
  trial: trialClassSchema,
  /** True when the teacher's account was made by this set-up (they got an invitation to choose a password). */
  new_account: z.boolean(),
});
export type SetupTeacherTrialResult = z.infer<typeof setupTeacherTrialResponse>;

export const createStudentTrialBody = z.object({
  school_id: idValue,
  course_id: idValue,
  title,
  expiration_date: isoDate,
});
export type CreateStudentTrialBody = z.input<typeof createStudentTrialBody>;

export const createTrialAccountsBody = z.object({
  class_id: idValue,
  count: z.number().int().min(1, 'Make at least one account.').max(MAX_TRIAL_ACCOUNTS_PER_BATCH),
});
export type CreateTrialAccountsBody = z.input<typeof createTrialAccountsBody>;
/** The batch just made: the only time the passwords are shown (only their hashes are kept). */
export const trialAccountsResponse = z.object({
  class_id: idValue,
  class_title: z.string(),
  expiration_date: z.string().nullable(),
  sign_in_url: z.string(),
  accounts: z.array(z.object({ user_id: idValue, username: z.string(), password: z.string() })),
});
export type TrialAccountsBatch = z.infer<typeof trialAccountsResponse>;

export const extendTrialBody = z.object({ expiration_date: isoDate });
export type ExtendTrialBody = z.input<typeof extendTrialBody>;
