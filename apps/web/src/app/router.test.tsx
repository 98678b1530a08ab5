import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trackPageView } from '../lib/analytics';
import { apiCalls, jsonResponse, stubFetch, type Answer } from '../test/fetch-stub';
import { makeClass, makeMe } from '../test/fixtures';
import { renderApp } from '../test/render';

vi.mock('../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const signedOut: Record<string, Answer> = {
  'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
};
const student = makeMe({
  roles: ['student'],
  classes: [
    makeClass({ id: 11, title: '9MAT1', course_title: 'Year 9 Mathematics', class_type: 'N' }),
    makeClass({ id: 12, title: '11ENG Student trial', course_title: 'Year 11 English Advanced', class_type: 'ST' }),
  ],
});
const staff = makeMe({
  user: { id: 3, first_name: 'Sam', last_name: 'Okafor', display_name: 'Sam Okafor', email: 'content@banksia.test' },
  roles: ['content_admin'],
});
const users = {
  results: [
    {
      id: 1,
      email: 'ava@banksia.test',
      first_name: 'Ava',
      last_name: 'Nguyen',
      is_active: true,
      roles: ['student'],
      schools: ['Banksia Demo High School'],
    },
  ],
  count: 1,
  page: 1,
  page_size: 50,
};

beforeEach(() => {
  vi.mocked(trackPageView).mockClear();
});

describe('routes', () => {
  it('sends / to /account/', async () => {
    stubFetch(signedOut);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Banksia' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, then on to the page they wanted', async () => {
    stubFetch({
      ...signedOut,
      'POST /api/v1/auth/login/': { status: 200, body: { ...staff, csrf_token: 't' } },
      'GET /api/v1/users/': { status: 200, body: users },
    });
    const { router, user } = renderApp('/content/admin/users/edit/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(router.state.location.search).toBe('?next=%2Fcontent%2Fadmin%2Fusers%2Fedit%2F');
    await user.type(await screen.findByLabelText('Email'), 'content@banksia.test');
    await user.type(screen.getByLabelText('Password'), 'banksia-demo{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/content/admin/users/edit/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Ava Nguyen' })).toHaveAttribute(
      'href',
      '/content/admin/users/edit/1/',
    );
  });

  it('after sign-in, loads a page the server renders (/secret/) instead of routing to it', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, replace });
    try {
      stubFetch({ ...signedOut, 'POST /api/v1/auth/login/': { status: 200, body: { ...staff, csrf_token: 't' } } });
      const { user } = renderApp('/account/?next=%2Fsecret%2Flessons%2F%3Fq%3Dx');
      await user.type(await screen.findByLabelText('Email'), 'content@banksia.test');
      await user.type(screen.getByLabelText('Password'), 'banksia-demo{Enter}');
      await waitFor(() => expect(replace).toHaveBeenCalledWith('/secret/lessons/?q=x'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ignores a `next` that points to another site', async () => {
    stubFetch({ ...signedOut, 'POST /api/v1/auth/login/': { status: 200, body: { ...student, csrf_token: 't' } } });
    const { router, user } = renderApp('/account/?next=//evil.example.com/');

    await user.type(await screen.findByLabelText('Email'), 'ava@banksia.test');
    await user.type(screen.getByLabelText('Password'), 'banksia-demo{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ava' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/');
  });

  it('shows the unauthorized page to a signed-in user who is not content staff', async () => {
    const seen = stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: student } } });
    renderApp('/content/admin/users/edit/');

    expect(await screen.findByRole('heading', { level: 1, name: 'What are you doing here?' })).toBeInTheDocument();
    expect(screen.getByText(/These resources are not meant for you/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeInTheDocument();
    // Inside the app shell, and the user list is never asked for.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.path === '/api/v1/users/')).toBe(false);
  });

  it('shows a student their classes, in the home page and the navigation', async () => {
    stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: student } } });
    renderApp('/account/');

    const section = await screen.findByRole('region', { name: 'Your classes' });
    const card = within(section).getByRole('article', { name: '11ENG Student trial' });
    expect(within(card).getByText('Year 11 English Advanced')).toBeInTheDocument();
    expect(within(card).getByText('2026 · Student trial class')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: /9MAT1/ })).toHaveAttribute('href', '/class/11/course/');
    expect(within(nav).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/courses/');
    expect(within(nav).getByRole('link', { name: 'Library' })).toHaveAttribute('href', '/library/');
    expect(within(nav).getByRole('link', { name: 'My classes' })).toHaveAttribute('href', '/account/classes/');
    // School is for teachers only.
    expect(within(nav).queryByRole('link', { name: /^School/ })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('shows the not-found page inside the layout for an unknown path', async () => {
    stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: student } } });
    renderApp('/no/such/page/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('signs out and says so, even when the session check answers after the sign-out', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': () =>
        new Promise((resolve) => setTimeout(() => resolve(jsonResponse(200, { me: student })), 30)),
      'POST /api/v1/auth/logout/': { status: 200, body: { csrf_token: 'new' } },
    });
    const { queryClient } = renderApp('/account/logout/');

    expect(await screen.findByRole('heading', { level: 1, name: 'You have signed out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/account/');
    expect(apiCalls(seen).filter((r) => r.path === '/api/v1/auth/logout/')).toHaveLength(1);
    // The page drops the cached session as it shows, so the signed-in shell goes away.
    await waitFor(() => expect(queryClient.getQueryData(['accounts', 'me'])).toBeNull());
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument());
  });

  it('signs out from the user menu on a page that needs sign-in', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
      'GET /api/v1/users/': { status: 200, body: users },
      'POST /api/v1/auth/logout/': { status: 200, body: { csrf_token: 'new' } },
    });
    const { router, user } = renderApp('/content/admin/users/edit/');

    // The menu's code arrives after the page (lazy-shell); its button then says it opens a menu. Clicking the stand-in
    // before that is covered in lazy-shell.test.tsx.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sam Okafor' })).toHaveAttribute('aria-haspopup', 'menu'),
    );
    await user.click(screen.getByRole('button', { name: 'Sam Okafor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'You have signed out' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/logout/');
  });

  it('shows the failure page for a failed request, inside the layout', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
      'GET /api/v1/users/3/get_roles/': { status: 404, body: { detail: 'No such user.', code: 'not_found' } },
    });
    renderApp('/content/admin/users/edit/3/');

    expect(
      await screen.findByRole('heading', { level: 1, name: "We can't find the resources you're looking for" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('records a page view with the route name and where the visitor came from', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
      'GET /api/v1/users/': { status: 200, body: users },
    });
    const { user } = renderApp('/account/');

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam' });
    expect(trackPageView).toHaveBeenLastCalledWith('account', null);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Users' }));

    await screen.findByRole('heading', { level: 1, name: 'Users' });
    await waitFor(() => expect(trackPageView).toHaveBeenLastCalledWith('content-admin-users', '/account/'));
    expect(trackPageView).toHaveBeenCalledTimes(2);
  });
});
