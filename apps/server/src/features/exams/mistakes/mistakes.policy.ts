import { definePolicy } from '../../../platform/authorize';
import type { ClassAccess } from '../../classes/index';

declare module '../../../platform/authorize' {
  interface PolicyActions {
    /** Review one's own submitted sitting (mistakes, grok, notes): the students on the class's roster. */
    'exam.review': ClassAccess;
  }
}

definePolicy({
  'exam.review': (_actor, access) => access.studentProfileId !== null,
});
