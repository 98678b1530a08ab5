import { isExamListed } from '@banksia/contracts/rules/listing';
import { can, definePolicy } from '../../../platform/authorize';
import type { ClassAccess } from '../../classes/index';
import type { ExamRow } from './exams.repository';

/** An exam of a class's course, with how the actor stands in the class (requireExamInClass). */
export interface ExamInClass {
  access: ClassAccess;
  exam: ExamRow;
}

declare module '../../../platform/authorize' {
  interface PolicyActions {
    /**
     * Open an exam of the class's course in the class: those who may teach the class see any of its exams; anyone
     * else (its students) only a published, submittable one, as the class's course lists it to them.
     */
    'exam.open_in_class': ExamInClass;
  }
}

definePolicy({
  'exam.open_in_class': (actor, { access, exam }) =>
    can(actor, 'class.teach', access) ||
    isExamListed({ is_published: exam.isPublished, is_submittable: exam.isSubmittable }),
});
