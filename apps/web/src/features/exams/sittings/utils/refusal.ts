import { stringField } from '../../../../lib/json-body';
import { RequestFailure } from '../../../../components/request-failure';

/** The server's code of a refused request (e.g. `exam_locked`), or null for any other error. */
export function refusalCode(error: unknown): string | null {
  return error instanceof RequestFailure ? stringField(error.body, 'code') : null;
}

/** What to tell the student when starting, saving or submitting is refused, by the server's code. */
export function refusalMessage(error: unknown, doing: 'start' | 'submit'): string {
  switch (refusalCode(error)) {
    case 'exam_locked':
      return doing === 'start'
        ? 'Your teacher has locked this exam, so it can’t be started now. Ask your teacher to unlock it.'
        : 'Your teacher has locked this exam, so it can’t be submitted now. Your answers are saved; submit once your teacher unlocks it.';
    case 'sitting_submitted':
      return 'You have already submitted this exam.';
    case 'time_up':
      return 'The time for this exam is up.';
    default:
      return error instanceof RequestFailure && error.status === null
        ? 'We couldn’t reach Banksia. Check your connection and try again.'
        : 'Something went wrong. Try again, and ask your teacher if it keeps happening.';
  }
}
