/**
 * Roles a user can hold. Students and teachers act within their classes; a school admin manages
 * the classes and teachers of the schools where they teach; the three staff roles work across schools.
 * Plain values, no schema: the web app's first pages read them without loading zod (accounts.ts re-exports them).
 */
export const roles = ['student', 'teacher', 'school_admin', 'content_admin', 'roster_admin', 'payments_admin'] as const;
export type Role = (typeof roles)[number];
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
