import { changePasswordBody } from '@banksia/contracts/accounts';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';
import { PasswordForm } from './password-form';

/** Changes the password: the current one, then the new one twice. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  return (
    <PasswordForm
      askCurrent
      schema={changePasswordBody}
      mutation={change}
      label={{ ariaLabelledBy: 'password-heading' }}
      mismatch="The two new passwords do not match."
      failureTitle="Your password was not changed"
      submitLabel="Change password"
      standalone={false}
      onDone={(_answer, clear) => {
        clear();
        notify({
          color: 'teal',
          title: 'Password changed',
          message: 'Use your new password next time you sign in. Your other sessions have been signed out.',
        });
      }}
    />
  );
}
