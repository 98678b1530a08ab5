import { PASSWORD_MIN_LENGTH } from '@banksia/contracts/accounts';
import { setPasswordBody, type SetPasswordResponse } from '@banksia/contracts/passwords';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, validate, type FieldErrors } from '../../../components/field-errors';
import { FormFailureAlert } from '../../../components/form-failure-alert';
import { useSetPasswordByLink } from '../api/set-password-by-link';

const MISMATCH = 'The two passwords do not match.';

interface SetPasswordFormProps {
  token: string;
  submitLabel: string;
  /** Called once the password is set (the person is then signed in). */
  onDone: (answer: SetPasswordResponse) => void;
}

/** The new password twice, with the rules of the change-password form. */
export function SetPasswordForm({ token, submitLabel, onDone }: SetPasswordFormProps) {
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const setPassword = useSetPasswordByLink(token);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (setPassword.isPending) return;
    const checked = validate(setPasswordBody, { new_password: next });
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (!found.new_password && next !== confirm) found.confirm_password = MISMATCH;
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    setPassword.mutate(checked.data, {
      onSuccess: onDone,
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a password">
      <Stack>
        <FormFailureAlert
          error={setPassword.isError ? setPassword.error : null}
          fieldErrors={errors}
          title="Your password was not set"
        />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.currentTarget.value)}
          error={errors.new_password}
          readOnly={setPassword.isPending}
          data-autofocus
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={errors.confirm_password}
          readOnly={setPassword.isPending}
        />
        <Button type="submit" loading={setPassword.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
