import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { signInOutcome } from '../components/sign-in-history';
import { countLabel, pageFromParams } from './users-list-page';

const staff = makeMe({ roles: ['content_admin'] });
const session = { 'GET /api/v1/auth/session/': { status: 200, body: { me: staff } } };
const user = (id: number) => ({
  id,
  email: `u${id}@x.test`,
  first_name: 'User',
  last_name: String(id),
  is_active: true,
  roles: ['teacher'],
  schools: ['Gumtree High'],
});

describe('users list', () => {
  it.each([
    [0, 1, 50, 0, 'No users match your search.'],
    [1, 1, 50, 1, '1 user'],
    [50, 1, 50, 50, '50 users'],
    [120, 1, 50, 50, 'Users 1–50 of 120'],
    [120, 3, 50, 20, 'Users 101–120 of 120'],
  ])('says %i users on page %i as it should', (count, page, size, shown, label) => {
    expect(countLabel(count, page, size, shown)).toBe(label);
  });

  it.each([
    ['', 1],
    ['page=3', 3],
    ['page=0', 1],
    ['page=x', 1],
    ['page=2.5', 1],
  ])('reads the page from "%s"', (query, page) => {
    expect(pageFromParams(new URLSearchParams(query))).toBe(page);
  });

  it('opens the page in the address and moves to the next one', async () => {
    const seen = stubFetch({
      ...session,
      'GET /api/v1/users/?q=gumtree&page=2': {
        status: 200,
        body: { results: [user(51), user(52)], count: 52, page: 2, page_size: 50 },
      },
    });
    const { user: clicker, router } = renderApp('/content/admin/users/edit/?q=gumtree&page=2');
    expect(await screen.findByText('Users 51–52 of 52')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User 51' })).toBeInTheDocument();
    await clicker.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=gumtree'));
    await waitFor(() => expect(seen.some((r) => r.url === '/api/v1/users/?q=gumtree')).toBe(true));
  });
});

describe('sign-in history', () => {
  it.each([
    [{ success: true, method: 'password', failure_reason: null }, 'Signed in'],
    [{ success: true, method: 'link', failure_reason: null }, 'Signed in with a link'],
    [{ success: false, method: 'password', failure_reason: 'bad_credentials' }, 'Wrong password'],
    [{ success: false, method: 'password', failure_reason: 'trial_expired' }, 'Trial ended'],
  ] as const)('names the outcome of %j', (item, label) => {
    expect(signInOutcome({ at: '2026-03-02T09:00:00Z', ip: null, user_agent: null, ...item })).toBe(label);
  });

  it('shows the attempts on the user page', async () => {
    stubFetch({
      ...session,
      'GET /api/v1/users/5/': { status: 200, body: user(5) },
      'GET /api/v1/users/5/get_roles/': { status: 200, body: { user_id: 5, roles: ['teacher'] } },
      'GET /api/v1/users/5/sign-ins/': {
        status: 200,
        body: {
          retention_days: 90,
          results: [
            {
              at: '2026-03-02T09:00:00Z',
              ip: '10.0.0.7',
              user_agent: 'TestBrowser',
              success: false,
              failure_reason: 'inactive',
              method: 'password',
            },
          ],
        },
      },
    });
    renderApp('/content/admin/users/edit/5/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign-in history' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Account deactivated/ });
    expect(within(row).getByText('10.0.0.7')).toBeInTheDocument();
    expect(screen.getByText(/kept for 90 days/)).toBeInTheDocument();
  });
});
