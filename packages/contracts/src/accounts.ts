import { z } from 'zod';
import { classSummarySchema } from './classes';
import { idParam } from './ids';
import { roles } from './rules/roles';
import { SIGN_IN_MESSAGES } from './rules/sign-in';

export { isStaff, roleLabels, roles, staffRoles, type Role } from './rules/roles';
export const roleSchema = z.enum(roles);

export const PASSWORD_MIN_LENGTH = 10;

/** An anonymous trial account's generated username (see trials.ts): signs in where an email would. */
export const TRIAL_USERNAME_PATTERN = /^trial-[a-z2-9]{6}$/;

export const loginBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => TRIAL_USERNAME_PATTERN.test(v) || z.email().safeParse(v).success, SIGN_IN_MESSAGES.email),
  password: z.string().min(1, SIGN_IN_MESSAGES.password).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const profileSchema = z.object({
  profile_id: z.number().int(),
  school_id: z.number().int(),
  school_name: z.string(),
  school_slug: z.string(),
  kind: z.enum(['student', 'teacher']),
});

export const meUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
});

export const meResponse = z.object({
  user: meUserSchema,
  profiles: z.array(profileSchema),
  roles: z.array(roleSchema),
  classes: z.array(classSummarySchema),
});
export type Me = z.infer<typeof meResponse>;

/** GET /api/v1/auth/session/: the signed-in user, or null when nobody is (an answer, not an error). */
export const sessionResponse = z.object({ me: meResponse.nullable() });
export type Session = z.infer<typeof sessionResponse>;

const nameField = z.string().trim().min(1, 'This field is required.').max(100);
export const updateProfileBody = z.object({ first_name: nameField, last_name: nameField });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const changePasswordBody = z.object({
  current_password: z.string().min(1, 'Enter your current password.').max(1024),
  new_password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(1024, 'Use at most 1024 characters.'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const userIdParams = z.object({ userId: idParam });

export const userRolesResponse = z.object({ user_id: z.number().int(), roles: z.array(roleSchema) });
export type UserRoles = z.infer<typeof userRolesResponse>;
export const saveRoleBody = z.object({ role: roleSchema, granted: z.boolean() });
export type SaveRoleBody = z.infer<typeof saveRoleBody>;

export const userListItem = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
  roles: z.array(roleSchema),
  schools: z.array(z.string()),
});
export type UserListItem = z.infer<typeof userListItem>;
/** Users per page of the admin list. */
export const USER_PAGE_SIZE = 50;
/** `q` matches part of a name, an email, or a school's name. */
export const userListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type UserListQuery = z.infer<typeof userListQuery>;
export const userListResponse = z.object({
  results: z.array(userListItem),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type UserList = z.infer<typeof userListResponse>;

/** Why a sign-in attempt failed (null when it succeeded). */
export const signInFailureReasons = ['bad_credentials', 'inactive', 'trial_expired'] as const;
export const signInFailureLabels: Record<(typeof signInFailureReasons)[number], string> = {
  bad_credentials: 'Wrong password',
  inactive: 'Account deactivated',
  trial_expired: 'Trial ended',
};
/** Sign-in attempts are kept this long, then a daily job deletes them. */
export const SIGN_IN_RETENTION_DAYS = 90;
export const signInHistoryItem = z.object({
  at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  success: z.boolean(),
  failure_reason: z.enum(signInFailureReasons).nullable(),
  /** Signed in through a set-password link rather than the sign-in form. */
  method: z.enum(['password', 'link', 'sso']),
});
export type SignInHistoryItem = z.infer<typeof signInHistoryItem>;
export const signInHistoryResponse = z.object({
  results: z.array(signInHistoryItem),
  retention_days: z.number().int(),
});
export type SignInHistory = z.infer<typeof signInHistoryResponse>;
export const setActiveBody = z.object({ is_active: z.boolean() });
export const setActiveResponse = z.object({ id: z.number().int(), is_active: z.boolean() });
export type SetActiveResponse = z.infer<typeof setActiveResponse>;
