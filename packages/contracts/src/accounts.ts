import { z } from 'zod';
import { classSummarySchema } from './classes';
import { idParam } from './ids';

/**
 * Roles a user can hold. Students and teachers act within their classes; a school admin manages
 * the classes and teachers of the schools where they teach; the three staff roles work across schools.
 */
export const roles = ['student', 'teacher', 'school_admin', 'content_admin', 'roster_admin', 'payments_admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;
export const staffRoles: readonly Role[] = ['content_admin', 'roster_admin', 'payments_admin'];
export const roleLabels: Record<Role, string> = {
  student: 'Student',
  teacher: 'Teacher',
  school_admin: 'School admin',
  content_admin: 'Content admin',
  roster_admin: 'Roster admin',
  payments_admin: 'Payments admin',
};

/** Whether a set of roles includes any content-staff role. */
export function isStaff(userRoles: readonly Role[]): boolean {
  return userRoles.some((r) => staffRoles.includes(r));
}

export const PASSWORD_MIN_LENGTH = 10;

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  password: z.string().min(1, 'Enter your password.').max(1024),
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
export const userListQuery = z.object({ q: z.string().trim().max(100).optional() });
export const userListResponse = z.object({ results: z.array(userListItem), count: z.number().int() });
export const setActiveBody = z.object({ is_active: z.boolean() });
export const setActiveResponse = z.object({ id: z.number().int(), is_active: z.boolean() });
export type SetActiveResponse = z.infer<typeof setActiveResponse>;
