import { can, definePolicy } from '../../../platform/authorize';
import { hasRole } from '../../../platform/authz';
import type { Actor } from '../../../platform/session';
import type { ClassAccess } from '../../classes/index';
import type { SittingRow } from '../shared/index';
import type { courseStanding } from './sittings.repository';

/** How a user stands on an exam's course (sittings.repository courseStanding). */
export type CourseStanding = Awaited<ReturnType<typeof courseStanding>>;

/** A sitting, with how the actor stands in its class. */
export interface SittingInClass {
  access: ClassAccess;
  sitting: SittingRow;
}

declare module '../../../platform/authorize' {
  interface PolicyActions {
    /** Read an exam (GET /api/v1/exams/{examId}/): its markers, and the students of a class on its course. */
    'exam.view': CourseStanding;
    /** See an exam as its markers do, with the solutions: teachers of a class on its course, its school's admins, staff. */
    'exam.mark': CourseStanding;
    /** Sit the class's exams (and have a sitting of one): the students on its roster. */
    'exam.sit': ClassAccess;
    /**
     * Answer and submit a sitting: its student, on the class's roster; a sitting a teacher is transcribing from paper
     * only those who may teach the class (the student's own screen does not write into it).
     */
    'sitting.answer': SittingInClass;
    /** The exam pages' list of the actor's classes on the exam's course: for those with any class there. */
    'exam.classes': readonly unknown[];
  }
}

const marks = (actor: Actor, standing: CourseStanding) =>
  hasRole(actor, 'content_admin', 'roster_admin') ||
  standing.teaches ||
  (standing.teaches_at_school && hasRole(actor, 'school_admin'));

definePolicy({
  'exam.view': (actor, standing) => marks(actor, standing) || standing.studies,
  'exam.mark': marks,
  'exam.sit': (_actor, access) => access.studentProfileId !== null,
  'sitting.answer': (actor, { access, sitting }) =>
    sitting.transcribedBy !== null ? can(actor, 'class.teach', access) : access.studentProfileId === sitting.profileId,
  'exam.classes': (_actor, classes) => classes.length > 0,
});
