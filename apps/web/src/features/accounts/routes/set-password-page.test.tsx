import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const TOKEN = 'a'.repeat(43);
const signedOut = {
  'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
};
const me = makeMe({
  user: { id: 9, first_name: 'Noor', last_name: 'Haddad', display_name: 'Noor Haddad', email: 'noor@example.test' },
});

describe('set-password page', () => {
  it('sets the password from an invitation link and signs the person in', async () => {
    const seen = stubFetch({
      ...signedOut,
      [`GET /api/v1/auth/password-token/${TOKEN}/`]: {
        status: 200,
        body: { purpose: 'invite', email: 'n***@example.test', expires_at: '2026-03-09T09:00:00.000Z' },
      },
      [`POST /api/v1/auth/password-token/${TOKEN}/`]: { status: 200, body: { ...me, csrf_token: 't' } },
    });
    const { user, router } = renderApp(`/account/set-password/${TOKEN}/`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByText('For the Banksia account of n***@example.test.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByText('Use at least 10 characters.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a long new passwore');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Noor' })).toBeInTheDocument();
    const post = apiCalls(seen).find((r) => r.method === 'POST' && r.path.includes('password-token'));
    expect(post?.body).toEqual({ new_password: 'a long new password' });
    expect(post?.headers['X-CSRFToken']).toBe('test-csrf-token');
  });

  it('says clearly when a link has been used or has expired, and offers a new one', async () => {
    stubFetch({
      ...signedOut,
      [`GET /api/v1/auth/password-token/${TOKEN}/`]: {
        status: 410,
        body: { detail: 'This link has expired. Ask for a new one.', code: 'gone' },
      },
    });
    renderApp(`/account/set-password/${TOKEN}/`);

    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText('This link has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email me a new link' })).toHaveAttribute(
      'href',
      '/account/forgot-password/',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows the refusal when the link stops working between opening it and using it', async () => {
    stubFetch({
      ...signedOut,
      [`GET /api/v1/auth/password-token/${TOKEN}/`]: {
        status: 200,
        body: { purpose: 'reset', email: 'n***@example.test', expires_at: '2026-03-02T10:00:00.000Z' },
      },
      [`POST /api/v1/auth/password-token/${TOKEN}/`]: {
        status: 410,
        body: { detail: 'This link has already been used.', code: 'gone' },
      },
    });
    const { user } = renderApp(`/account/set-password/${TOKEN}/`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'a long new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used.');
  });
});

describe('forgot password', () => {
  it('is linked from the sign-in page and answers with the same message whatever the address', async () => {
    const seen = stubFetch({
      ...signedOut,
      'POST /api/v1/auth/password-reset/': {
        status: 200,
        body: { detail: 'If an account uses this email address, we have sent it a link.' },
      },
    });
    const { user } = renderApp('/account/');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'Noor@Example.test');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(
      await screen.findByText('If an account uses this email address, we have sent it a link.'),
    ).toBeInTheDocument();
    const post = apiCalls(seen).find((r) => r.path === '/api/v1/auth/password-reset/');
    expect(post?.body).toEqual({ email: 'noor@example.test' });
  });
});
