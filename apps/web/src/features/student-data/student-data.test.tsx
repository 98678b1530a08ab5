import type { UserListItem } from '@banksia/contracts/accounts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, jsonResponse, stubFetch, type Answer } from '../../test/fetch-stub';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/render';

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

function answers(roles: string[], extra: Record<string, Answer> = {}): Record<string, Answer> {
  return {
    'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
    'GET /api/v1/users/5/': { status: 200, body: { ...ava, roles } },
    'GET /api/v1/users/5/get_roles/': { status: 200, body: { user_id: 5, roles } },
    ...extra,
  };
}

describe('student data on the staff user page', () => {
  it('offers a student’s data as a download of the export route', async () => {
    stubFetch(answers(['student']));
    renderApp('/content/admin/users/edit/5/');

    const section = await screen.findByRole('region', { name: 'Student data' });
    const link = within(section).getByRole('link', { name: 'Download everything we hold' });
    expect(link).toHaveAttribute('href', '/api/v1/student-data/users/5/export/');
    expect(link).toHaveAttribute('download');
  });

  it('is not offered for a teacher', async () => {
    stubFetch(answers(['teacher']));
    renderApp('/content/admin/users/edit/5/');

    expect(await screen.findByRole('button', { name: 'Deactivate account' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Student data' })).not.toBeInTheDocument();
  });

  it('erases only once the full name is typed, then shows the erased account', async () => {
    let erased = false;
    const seen = stubFetch(
      answers(['student'], {
        'GET /api/v1/users/5/': () =>
          jsonResponse(200, erased ? { ...ava, first_name: 'Erased', last_name: 'student', is_active: false } : ava),
        'POST /api/v1/student-data/users/5/erase/': () => {
          erased = true;
          return jsonResponse(200, { user_id: 5, detail: 'The student has been erased.' });
        },
      }),
    );
    const { user } = renderApp('/content/admin/users/edit/5/');

    await user.click(await screen.findByRole('button', { name: 'Erase this student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Ava Nguyen?' });
    expect(within(dialog).getByText('Removed for good')).toBeInTheDocument();
    expect(within(dialog).getByText('Kept, without their name')).toBeInTheDocument();
    const erase = within(dialog).getByRole('button', { name: 'Erase this student' });
    const name = within(dialog).getByLabelText(/Type the student's full name to confirm/);
    await user.type(name, 'Ava');
    expect(erase).toBeDisabled();
    await user.type(name, '  NGUYEN');
    expect(erase).toBeEnabled();
    await user.click(erase);

    expect(await screen.findByText('Ava Nguyen has been erased')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Erased student' })).toBeInTheDocument();
    expect(apiCalls(seen).find((r) => r.method === 'POST')?.body).toEqual({ confirm_name: 'Ava  NGUYEN' });
  });

  it('shows the server’s refusal under the name', async () => {
    stubFetch(
      answers(['student'], {
        'POST /api/v1/student-data/users/5/erase/': {
          status: 400,
          body: {
            detail: 'Some fields are not valid.',
            code: 'validation_failed',
            errors: { confirm_name: ['The name does not match.'] },
          },
        },
      }),
    );
    const { user } = renderApp('/content/admin/users/edit/5/');

    await user.click(await screen.findByRole('button', { name: 'Erase this student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Ava Nguyen?' });
    await user.type(within(dialog).getByLabelText(/Type the student's full name to confirm/), 'Ava Nguyen');
    await user.click(within(dialog).getByRole('button', { name: 'Erase this student' }));

    expect(await within(dialog).findByText('The name does not match.')).toBeInTheDocument();
  });
});
