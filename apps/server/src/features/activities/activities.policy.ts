import { definePolicy } from '../../platform/authorize';
import type { ClassAccess } from '../classes/index';

/** Whether a response is the actor's own (its profile is one of the actor's). */
export interface ResponseOwnership {
  owns: boolean;
}

declare module '../../platform/authorize' {
  interface PolicyActions {
    /** Have (read or save) one's own response to an activity of the class: a student on its roster. */
    'activity.respond': ClassAccess;
    /** Upload a file into a response: its owner only. */
    'response.upload': ResponseOwnership;
  }
}

definePolicy({
  'activity.respond': (_actor, access) => access.studentProfileId !== null,
  'response.upload': (_actor, response) => response.owns,
});
