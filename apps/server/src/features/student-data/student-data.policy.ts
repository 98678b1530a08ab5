import { definePolicy } from '../../platform/authorize';
import { hasRole } from '../../platform/authz';

/** A student's schools, and the schools where the actor teaches. */
export interface StudentDataScope {
  studentSchoolIds: readonly number[];
  actorTeachingSchoolIds: readonly number[];
}

declare module '../../platform/authorize' {
  interface PolicyActions {
    /** Export or erase a student's data. */
    'student-data.manage': StudentDataScope;
  }
}

definePolicy({
  // Content staff for any student; a school admin only when they teach (hold a teacher profile) at every school where
  // the student has a profile, so one school cannot read or erase what a student did at another.
  'student-data.manage': (actor, { studentSchoolIds, actorTeachingSchoolIds }) => {
    if (hasRole(actor, 'content_admin')) return true;
    if (!hasRole(actor, 'school_admin') || studentSchoolIds.length === 0) return false;
    return studentSchoolIds.every((id) => actorTeachingSchoolIds.includes(id));
  },
});
