import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiCalls, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SignInForm } from './sign-in-form';

const me = makeMe();
const signedOut = {
  'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
};

describe('SignInForm', () => {
  it('focuses the email field and signs in with the typed credentials', async () => {
    const seen = stubFetch({
      ...signedOut,
      'POST /api/v1/auth/login/': { status: 200, body: { ...me, csrf_token: 't' } },
    });
    const onSignedIn = vi.fn();
    const { user } = renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');

    await user.type(email, 'Ava@Banksia.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(me));
    const login = apiCalls(seen).find((r) => r.path === '/api/v1/auth/login/');
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({ email: 'ava@banksia.test', password: 'correct horse' });
    expect(login?.headers['X-CSRFToken']).toBe('test-csrf-token');
  });

  it('can be used with the keyboard alone: type, Tab, type, Enter', async () => {
    const seen = stubFetch({
      ...signedOut,
      'POST /api/v1/auth/login/': { status: 200, body: { ...me, csrf_token: 't' } },
    });
    const onSignedIn = vi.fn();
    const { user } = renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.keyboard('ava@banksia.test');
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.keyboard('correct horse{Enter}');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(apiCalls(seen).some((r) => r.path === '/api/v1/auth/login/')).toBe(true);
  });

  it("shows the server's message in an alert when the credentials are wrong", async () => {
    stubFetch({
      ...signedOut,
      'POST /api/v1/auth/login/': {
        status: 400,
        body: { detail: 'Incorrect email or password.', code: 'invalid_credentials' },
      },
    });
    const onSignedIn = vi.fn();
    const { user } = renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);

    await user.type(await screen.findByLabelText('Email'), 'ava@banksia.test');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the throttling message on 429', async () => {
    stubFetch({
      ...signedOut,
      'POST /api/v1/auth/login/': {
        status: 429,
        headers: { 'Retry-After': '60' },
        body: { detail: 'Too many failed sign-in attempts. Try again later.', code: 'too_many_requests' },
      },
    });
    const { user } = renderWithProviders(<SignInForm />);

    await user.type(await screen.findByLabelText('Email'), 'ava@banksia.test');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts. Try again later.');
  });

  it("shows the server's field errors on the fields", async () => {
    stubFetch({
      ...signedOut,
      'POST /api/v1/auth/login/': {
        status: 400,
        body: {
          detail: 'Some fields are not valid.',
          code: 'validation_failed',
          errors: { email: ['Use your school email address.'], password: ['Too long.'] },
        },
      },
    });
    const { user } = renderWithProviders(<SignInForm />);

    await user.type(await screen.findByLabelText('Email'), 'ava@example.com');
    await user.type(screen.getByLabelText('Password'), 'x{Enter}');

    expect(await screen.findByText('Use your school email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining('Use your school email address.'),
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Too long.');
  });

  it('checks the fields before sending', async () => {
    const seen = stubFetch(signedOut);
    const { user } = renderWithProviders(<SignInForm />);

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.path === '/api/v1/auth/login/')).toBe(false);
  });

  it('is busy while the request is in flight, and sends once however often Enter is pressed', async () => {
    let answer: (response: Response) => void = () => {};
    const seen = stubFetch({
      ...signedOut,
      'POST /api/v1/auth/login/': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderWithProviders(<SignInForm />);

    await user.type(await screen.findByLabelText('Email'), 'ava@banksia.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    await user.keyboard('{Enter}');

    expect(seen.filter((r) => r.path === '/api/v1/auth/login/')).toHaveLength(1);
    answer(jsonResponse(200, { ...me, csrf_token: 't' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
  });
});
