import { Alert } from '@mantine/core';
import { formErrorOf, hasFieldErrors, type FieldErrors } from './field-errors';

interface FormFailureAlertProps {
  /** The failed request's error, or null/undefined while nothing has failed. */
  error: unknown;
  /** Errors already shown under their fields: then the form needs no alert of its own. */
  fieldErrors: FieldErrors;
  title: string;
}

/** A form's failure that no field explains (a 429, a server error, no connection), shown above the form. */
export function FormFailureAlert({ error, fieldErrors, title }: FormFailureAlertProps) {
  if (!error || hasFieldErrors(fieldErrors)) return null;
  return (
    <Alert color="red" title={title}>
      {formErrorOf(error)}
    </Alert>
  );
}
