import type { UserListItem } from '@banksia/contracts/accounts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, jsonResponse, stubFetch, type Answer } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const staff = makeMe({
  user: { id: 3, first_name: 'Sam', last_name: 'Okafor', display_name: 'Sam Okafor', email: 'content@banksia.test' },
  roles: ['content_admin'],
});
const ava: UserListItem = {
  id: 5,
  email: 'ava@banksia.test',
  first_name: 'Ava',
  last_name: 'Nguyen',
  is_active: true,
  roles: ['student'],
  schools: ['Banksia Demo High School'],
};
const notFound = { status: 404, body: { detail: 'No such user.', code: 'not_found' } };

function answers(extra: Record<string, Answer> = {}): Record<string, Answer> {
  return {
    'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
    'GET /api/v1/users/5/': { status: 200, body: ava },
    'GET /api/v1/users/5/get_roles/': { status: 200, body: { user_id: 5, roles: ['student'] } },
    ...extra,
  };
}

function statusBadge() {
  return within(screen.getByText('Status:').parentElement!);
}

describe('user edit page', () => {
  it('loads the user by id when opened directly, without the user list', async () => {
    const seen = stubFetch(answers());
    renderApp('/content/admin/users/edit/5/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ava Nguyen' })).toBeInTheDocument();
    expect(screen.getByText('ava@banksia.test · Banksia Demo High School')).toBeInTheDocument();
    expect(await screen.findByText('Active')).toBeInTheDocument();
    const paths = apiCalls(seen).map((r) => r.path);
    expect(paths).toContain('/api/v1/users/5/');
    expect(paths).not.toContain('/api/v1/users/');
  });

  it('shows the not-found page for an unknown user', async () => {
    stubFetch(
      answers({
        'GET /api/v1/users/5/': notFound,
        'GET /api/v1/users/5/get_roles/': notFound,
      }),
    );
    renderApp('/content/admin/users/edit/5/');

    expect(
      await screen.findByRole('heading', { level: 1, name: "We can't find the resources you're looking for" }),
    ).toBeInTheDocument();
  });

  it('shows the not-found page when only the user lookup fails', async () => {
    stubFetch(answers({ 'GET /api/v1/users/5/': notFound }));
    renderApp('/content/admin/users/edit/5/');

    expect(
      await screen.findByRole('heading', { level: 1, name: "We can't find the resources you're looking for" }),
    ).toBeInTheDocument();
  });

  it('opened from the list, shows the row at once and still asks the server for the user', async () => {
    const seen = stubFetch(
      answers({
        'GET /api/v1/users/': { status: 200, body: { results: [ava], count: 1, page: 1, page_size: 50 } },
        // The list was out of date: the account has since been deactivated.
        'GET /api/v1/users/5/': { status: 200, body: { ...ava, is_active: false } },
      }),
    );
    const { user } = renderApp('/content/admin/users/edit/');

    await user.click(await screen.findByRole('link', { name: 'Ava Nguyen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ava Nguyen' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate account' })).toBeInTheDocument();
    expect(statusBadge().getByText('Inactive')).toBeInTheDocument();
    expect(apiCalls(seen).filter((r) => r.path === '/api/v1/users/5/')).toHaveLength(1);
  });

  it('shows the new status after deactivating the account', async () => {
    let active = true;
    const seen = stubFetch(
      answers({
        'GET /api/v1/users/5/': () => jsonResponse(200, { ...ava, is_active: active }),
        'POST /api/v1/users/5/active/': () => {
          active = false;
          return jsonResponse(200, { id: 5, is_active: false });
        },
      }),
    );
    const { user } = renderApp('/content/admin/users/edit/5/');

    await user.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText("Ava Nguyen's account has been deactivated.")).toBeInTheDocument();
    expect(statusBadge().getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate account' })).toBeInTheDocument();
    expect(apiCalls(seen).find((r) => r.method === 'POST')?.body).toEqual({ is_active: false });
  });

  it('says why when deactivating fails on the server', async () => {
    stubFetch(answers({ 'POST /api/v1/users/5/active/': { status: 500, body: { code: 'server_error' } } }));
    const { user } = renderApp('/content/admin/users/edit/5/');

    await user.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ava Nguyen?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(statusBadge().getByText('Active')).toBeInTheDocument();
  });
});
