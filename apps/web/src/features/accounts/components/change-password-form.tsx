import { changePasswordBody, PASSWORD_MIN_LENGTH } from '@banksia/contracts/accounts';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormFailureAlert } from '../../../components/form-failure-alert';
import { fieldErrorsOf, validate, type FieldErrors } from '../../../components/field-errors';
import { useChangePassword } from '../api/change-password';
import { notify } from '../../../lib/notify';

const MISMATCH = 'The two new passwords do not match.';

/** Changes the password: the current one, then the new one twice. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const checked = validate(changePasswordBody, { current_password: current, new_password: next });
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (!found.new_password && next !== confirm) found.confirm_password = MISMATCH;
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    change.mutate(checked.data, {
      onSuccess: () => {
        setCurrent('');
        setNext('');
        setConfirm('');
        notify({
          color: 'teal',
          title: 'Password changed',
          message: 'Use your new password next time you sign in. Your other sessions have been signed out.',
        });
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
      <Stack>
        <FormFailureAlert
          error={change.isError ? change.error : null}
          fieldErrors={errors}
          title="Your password was not changed"
        />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
          error={errors.current_password}
          readOnly={change.isPending}
        />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.currentTarget.value)}
          error={errors.new_password}
          readOnly={change.isPending}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={errors.confirm_password}
          readOnly={change.isPending}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
