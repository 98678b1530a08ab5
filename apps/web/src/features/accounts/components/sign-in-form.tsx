import type { Me } from '@banksia/contracts/accounts';
import { missingSignInFields } from '@banksia/contracts/rules/sign-in';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { fieldErrorsOf, formErrorOf, type FieldErrors } from '../../../components/field-errors';
import { urlFor } from '../../../lib/named-routes';
import { useLogin } from '../api/login';

interface SignInFormProps {
  /** Called with the user once the session exists. */
  onSignedIn?: (me: Me) => void;
  /** Shown under the email field as it is typed (the page composes single sign-on's "Continue with …" here). */
  belowEmail?: (email: string) => ReactNode;
}

/**
 * Email and password sign-in. While it is sending, the fields are read-only rather than disabled, so the field the
 * person pressed Enter in keeps keyboard focus.
 */
export function SignInForm({ onSignedIn, belowEmail }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const login = useLogin();

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    login.reset();
    // Empty fields are caught here; the server checks the rest (loginBody) and names the field at fault.
    const missing = missingSignInFields(email, password);
    setErrors(missing);
    if (Object.keys(missing).length) return;
    login.mutate(
      { email: email.trim().toLowerCase(), password },
      {
        onSuccess: (me) => onSignedIn?.(me),
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack>
        {login.isError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="You are not signed in">
            {formErrorOf(login.error)}
          </Alert>
        )}
        <TextInput
          ref={emailRef}
          label="Email"
          description="Trial accounts: your username from the card"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          readOnly={login.isPending}
        />
        {belowEmail?.(email)}
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          readOnly={login.isPending}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign in
        </Button>
        <Anchor component={Link} to={urlFor('account-forgot-password')} size="sm" ta="center">
          Forgot password?
        </Anchor>
      </Stack>
    </form>
  );
}
