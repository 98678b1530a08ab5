import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';

const signedOut = { 'GET /api/v1/auth/session/': { status: 200, body: { me: null } } };

async function fill(
  user: ReturnType<typeof renderWithProviders>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  await user.click(screen.getByLabelText('Current password'));
  await user.paste(current);
  await user.click(screen.getByLabelText('New password'));
  await user.paste(next);
  await user.click(screen.getByLabelText('Confirm new password'));
  await user.paste(confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('sends the current and new password and clears the form', async () => {
    const seen = stubFetch({ ...signedOut, 'POST /api/v1/auth/password/': { status: 204 } });
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await fill(user, 'old-password', 'a-much-longer-one', 'a-much-longer-one');

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(apiCalls(seen).find((r) => r.path === '/api/v1/auth/password/')?.body).toEqual({
      current_password: 'old-password',
      new_password: 'a-much-longer-one',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('checks that the new password was typed the same twice', async () => {
    const seen = stubFetch(signedOut);
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await fill(user, 'old-password', 'a-much-longer-one', 'a-much-longer-two');

    expect(await screen.findByText('The two new passwords do not match.')).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.path === '/api/v1/auth/password/')).toBe(false);
  });

  it("shows the server's field error on the current password", async () => {
    stubFetch({
      ...signedOut,
      'POST /api/v1/auth/password/': {
        status: 400,
        body: {
          detail: 'Your current password is not correct.',
          code: 'validation_failed',
          errors: { current_password: ['Your current password is not correct.'] },
        },
      },
    });
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await fill(user, 'wrong-password', 'a-much-longer-one', 'a-much-longer-one');

    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Your current password is not correct.',
    );
  });
});
