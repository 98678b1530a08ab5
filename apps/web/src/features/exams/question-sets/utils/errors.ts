import { formErrorOf } from '../../../../components/field-errors';
import { RequestFailure } from '../../../../components/request-failure';
import { stringField } from '../../../../lib/json-body';

/** The API's error code of a failed request (`exam_locked`, `conflict`…), if it sent one. */
export function errorCodeOf(error: unknown): string | null {
  return error instanceof RequestFailure ? stringField(error.body, 'code') : null;
}

/** One sentence for a student whose start or submit failed. */
export function questionSetErrorOf(error: unknown): string {
  if (errorCodeOf(error) === 'exam_locked') {
    return 'Your teacher has locked this question set for now. Try again once they unlock it.';
  }
  return formErrorOf(error);
}
