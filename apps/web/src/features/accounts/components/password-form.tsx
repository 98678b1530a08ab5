import { PASSWORD_MIN_LENGTH } from '@banksia/contracts/accounts';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, validate, type FieldErrors, type Parsable } from '../../../components/field-errors';
import { FormFailureAlert } from '../../../components/form-failure-alert';

/** How one use of the password form reads and what it calls. */
export interface PasswordFormProps<Body, Answer> {
  /** Asks for the current password first (a signed-in change); a set-password link needs none. */
  askCurrent: boolean;
  /** The request body's schema: checked before sending, from `current_password` and `new_password`. */
  schema: Parsable<Body>;
  mutation: UseMutationResult<Answer, Error, Body>;
  /** The form's accessible name: its own label, or the heading it sits under. */
  label: { ariaLabel: string } | { ariaLabelledBy: string };
  mismatch: string;
  failureTitle: string;
  submitLabel: string;
  /** A full-width button, and the first field focused (the set-password page's one form). */
  standalone: boolean;
  onDone: (answer: Answer, clear: () => void) => void;
}

/** The password form: (the current password,) the new one twice, checked, then sent. */
export function PasswordForm<Body, Answer>({
  askCurrent,
  schema,
  mutation,
  label,
  mismatch,
  failureTitle,
  submitLabel,
  standalone,
  onDone,
}: PasswordFormProps<Body, Answer>) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const clear = () => {
    setCurrent('');
    setNext('');
    setConfirm('');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const values = askCurrent ? { current_password: current, new_password: next } : { new_password: next };
    const checked = validate(schema, values);
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (!found.new_password && next !== confirm) found.confirm_password = mismatch;
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    mutation.mutate(checked.data, {
      onSuccess: (answer) => onDone(answer, clear),
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  const submit = (
    <Button type="submit" loading={mutation.isPending} fullWidth={standalone}>
      {submitLabel}
    </Button>
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={'ariaLabel' in label ? label.ariaLabel : undefined}
      aria-labelledby={'ariaLabelledBy' in label ? label.ariaLabelledBy : undefined}
    >
      <Stack>
        <FormFailureAlert error={mutation.isError ? mutation.error : null} fieldErrors={errors} title={failureTitle} />
        {askCurrent && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={errors.current_password}
            readOnly={mutation.isPending}
          />
        )}
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.currentTarget.value)}
          error={errors.new_password}
          readOnly={mutation.isPending}
          data-autofocus={standalone || undefined}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={errors.confirm_password}
          readOnly={mutation.isPending}
        />
        {standalone ? submit : <Group>{submit}</Group>}
      </Stack>
    </form>
  );
}
