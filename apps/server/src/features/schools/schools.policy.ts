import { definePolicy } from '../../platform/authorize';
import { hasRole } from '../../platform/authz';

/** How the actor stands at a school: whether they hold a teacher profile there. */
export interface SchoolStanding {
  teaches: boolean;
}

declare module '../../platform/authorize' {
  interface PolicyActions {
    /** See the school's classes of a year. */
    'school.classes': SchoolStanding;
    /** See the school's dashboard and exam pages. */
    'school.view': SchoolStanding;
    /** Open every class of the school there (not only the classes one teaches). */
    'school.open-all-classes': SchoolStanding;
  }
}

const staff = (actor: Parameters<typeof hasRole>[0]) => hasRole(actor, 'content_admin', 'roster_admin');

definePolicy({
  // Staff roles that work across every school (the school list shows them all), and the school's teachers.
  'school.classes': (actor, standing) =>
    hasRole(actor, 'content_admin', 'roster_admin', 'payments_admin') || standing.teaches,
  'school.view': (actor, standing) => staff(actor) || standing.teaches,
  // School admins open every class of their school; teachers only the classes they teach.
  'school.open-all-classes': (actor, standing) => staff(actor) || (standing.teaches && hasRole(actor, 'school_admin')),
});
