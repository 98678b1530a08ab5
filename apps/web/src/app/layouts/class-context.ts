import type { Me } from '@banksia/contracts/accounts';
import { isStaff } from '@banksia/contracts/rules/roles';
import type { ClassAssemblage } from '@banksia/contracts/courses';
import type { ListingOptions } from '@banksia/contracts/rules/listing';
import { useOutletContext } from 'react-router';

/** What every page of a class gets from the class layout. */
export interface ClassContext {
  me: Me;
  classId: number;
  assemblage: ClassAssemblage;
  /** A student sees their own progress; teachers, school admins and staff see the class's. */
  role: 'student' | 'teacher';
  /** Staff preview unpublished content; everyone else sees what is published (spec §5). */
  listing: ListingOptions;
  /** The user's student profile at the class's school, which their notes belong to. */
  profileId: number | null;
}

/** The user's place in a class, from the classes listed with their session. */
export function classRoleOf(me: Me, classId: number): ClassContext['role'] {
  const membership = me.classes.find((c) => c.id === classId);
  if (membership) return membership.role;
  // Not in the class: only someone who may see any class (staff, school admins, teachers) gets this far.
  const oversees = isStaff(me.roles) || me.roles.includes('teacher') || me.roles.includes('school_admin');
  return oversees ? 'teacher' : 'student';
}

/** The user's student profile at the school of a class they are in. */
export function studentProfileOf(me: Me, classId: number): number | null {
  const membership = me.classes.find((c) => c.id === classId);
  if (!membership) return null;
  const profile = me.profiles.find((p) => p.school_id === membership.school_id && p.kind === 'student');
  return profile?.profile_id ?? null;
}

/** The class layout's context, for the pages inside it. */
export function useClassContext(): ClassContext {
  return useOutletContext<ClassContext>();
}
