import { setPasswordBody, type SetPasswordResponse } from '@banksia/contracts/passwords';
import { useSetPasswordByLink } from '../api/set-password-by-link';
import { PasswordForm } from './password-form';

interface SetPasswordFormProps {
  token: string;
  submitLabel: string;
  /** Called once the password is set (the person is then signed in). */
  onDone: (answer: SetPasswordResponse) => void;
}

/** The new password twice, with the rules of the change-password form. */
export function SetPasswordForm({ token, submitLabel, onDone }: SetPasswordFormProps) {
  const setPassword = useSetPasswordByLink(token);
  return (
    <PasswordForm
      askCurrent={false}
      schema={setPasswordBody}
      mutation={setPassword}
      label={{ ariaLabel: 'Choose a password' }}
      mismatch="The two passwords do not match."
      failureTitle="Your password was not set"
      submitLabel={submitLabel}
      standalone
      onDone={(answer) => onDone(answer)}
    />
  );
}
