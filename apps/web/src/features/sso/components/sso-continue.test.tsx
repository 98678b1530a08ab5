import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { SsoContinue } from './sso-continue';

function EmailThenButton() {
  const [email, setEmail] = useState('');
  return (
    <>
      <label>
        Email
        <input value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      </label>
      <SsoContinue email={email} next="/class/7/" />
    </>
  );
}

describe('SsoContinue', () => {
  it('offers "Continue with Google" for an address at an SSO domain, starting at the connection', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
      'GET /api/v1/auth/sso/discover/?email=ava%40gw.example.edu.au': {
        status: 200,
        body: { method: 'sso', connection_id: 4, start_url: '/auth/sso/4/start/', label: 'Continue with Google' },
      },
    });
    const { user } = renderWithProviders(<EmailThenButton />);
    await user.type(screen.getByLabelText('Email'), 'Ava@gw.example.edu.au');
    const button = await screen.findByRole('link', { name: 'Continue with Google' }, { timeout: 3000 });
    const href = new URL(button.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/auth/sso/4/start/');
    expect(href.searchParams.get('next')).toBe('/class/7/');
    expect(href.searchParams.get('login_hint')).toBe('ava@gw.example.edu.au');
  });

  it('shows nothing for an address that signs in with a password', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
      'GET /api/v1/auth/sso/discover/': { status: 200, body: { method: 'password' } },
    });
    const { user } = renderWithProviders(<EmailThenButton />);
    await user.type(screen.getByLabelText('Email'), 'pat@elsewhere.org');
    await new Promise((r) => setTimeout(r, 600));
    expect(seen.some((r) => r.path === '/api/v1/auth/sso/discover/')).toBe(true);
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
  });
});
