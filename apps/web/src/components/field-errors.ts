import { FailureReason } from '@banksia/contracts/errors';
import { isRecord, stringField } from '../lib/json-body';
import { RequestFailure } from './request-failure';

/** Field name → the message to show under that field. */
export type FieldErrors = Record<string, string>;

/** Anything with Zod's safeParse result shape, so forms can check their values before sending. */
export interface Parsable<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The first message for each field named in an error body's `errors` (the API's 400 shape). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const body = error instanceof RequestFailure ? error.body : error;
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    const first = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string') : undefined;
    if (first) result[field] = first;
  }
  return result;
}

/** The server's `detail` message of a failed request, if it sent one. */
export function errorDetailOf(error: unknown): string | null {
  return error instanceof RequestFailure ? stringField(error.body, 'detail') : null;
}

/** Validates form values with a contracts schema: the parsed data, or the first message per field. */
export function validate<T>(
  schema: Parsable<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** One sentence for the top of a form whose request failed: the server's detail, else a message by reason. */
export function formErrorOf(error: unknown): string {
  const detail = errorDetailOf(error);
  if (detail) return detail;
  if (error instanceof RequestFailure && error.reason === FailureReason.NETWORK_ERROR) {
    return "We couldn't reach Banksia. Check your internet connection and try again.";
  }
  return 'Something went wrong on our side. Please try again in a moment.';
}

/** Whether any field has a message; a form then shows those instead of a general alert saying the same. */
export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
