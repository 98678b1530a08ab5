import { passwordResetBody } from '@banksia/contracts/passwords';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf, validate, type FieldErrors } from '../../../components/field-errors';
import { FormFailureAlert } from '../../../components/form-failure-alert';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** "Forgot password?": an email address in, the same answer out whether or not an account uses it. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const request = useRequestPasswordReset();

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const checked = validate(passwordResetBody, { email });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    request.mutate(checked.data, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };

  if (request.isSuccess) {
    return (
      <Alert color="teal" icon={<IconMailCheck aria-hidden />} title="Check your email" role="status">
        <Text size="sm">{request.data}</Text>
        <Text size="sm" mt="xs">
          No email after a few minutes? Check your spam folder, or ask your teacher to send you a new invitation.
        </Text>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
      <Stack>
        <FormFailureAlert
          error={request.isError ? request.error : null}
          fieldErrors={errors}
          title="No link was sent"
        />
        <TextInput
          ref={emailRef}
          label="Email"
          description="The address you sign in with."
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          readOnly={request.isPending}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          Email me a link
        </Button>
      </Stack>
    </form>
  );
}
