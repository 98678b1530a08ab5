import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { useUserRoles } from '../api/get-user-roles';
import { UserRolesEditor } from './user-roles-editor';

function Editor({ isSelf = false }: { isSelf?: boolean }) {
  const roles = useUserRoles(5);
  return roles.data ? <UserRolesEditor userId={5} userRoles={roles.data.roles} isSelf={isSelf} /> : null;
}

const signedOut = { 'GET /api/v1/auth/session/': { status: 200, body: { me: null } } };

describe('UserRolesEditor', () => {
  it('saves each change through save_role', async () => {
    const seen = stubFetch({
      ...signedOut,
      'GET /api/v1/users/5/get_roles/': { status: 200, body: { user_id: 5, roles: ['student'] } },
      'POST /api/v1/users/5/save_role/': { status: 200, body: { user_id: 5, roles: ['student', 'teacher'] } },
    });
    const { user } = renderWithProviders(<Editor />);

    expect(await screen.findByRole('checkbox', { name: 'Student' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Teacher' }));

    expect(await screen.findByText('Teacher role granted.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Teacher' })).toBeChecked();
    expect(apiCalls(seen).find((r) => r.path === '/api/v1/users/5/save_role/')?.body).toEqual({
      role: 'teacher',
      granted: true,
    });
  });

  it('puts the checkbox back and says why when the server refuses', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/v1/users/5/get_roles/': { status: 200, body: { user_id: 5, roles: ['student'] } },
      'POST /api/v1/users/5/save_role/': {
        status: 400,
        body: { detail: 'That role cannot be changed here.', code: 'bad_request' },
      },
    });
    const { user } = renderWithProviders(<Editor />);

    await user.click(await screen.findByRole('checkbox', { name: 'Student' }));

    expect(await screen.findByText('That role cannot be changed here.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Student' })).toBeChecked());
  });

  it('does not let staff remove their own content admin role', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/v1/users/5/get_roles/': { status: 200, body: { user_id: 5, roles: ['content_admin'] } },
    });
    renderWithProviders(<Editor isSelf />);

    expect(await screen.findByRole('checkbox', { name: 'Content admin' })).toBeDisabled();
  });
});
