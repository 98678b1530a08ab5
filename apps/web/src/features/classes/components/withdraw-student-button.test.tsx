import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { WithdrawStudentButton } from './withdraw-student-button';

const student = {
  profile_id: 31,
  user_id: 7,
  display_name: 'Ava Nguyen',
  first_name: 'Ava',
  last_name: 'Nguyen',
  is_active: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('WithdrawStudentButton', () => {
  it('asks first, saying what happens to work and fees, then withdraws', async () => {
    const seen = stubFetch({
      'POST /api/v1/class-management/classes/4/students/31/withdraw/': {
        status: 200,
        body: { profile_id: 31, access_status: 20 },
      },
    });
    const { user } = renderWithProviders(<WithdrawStudentButton classId={4} classTitle="9MAT1" student={student} />);
    await user.click(screen.getByRole('button', { name: 'Withdraw Ava Nguyen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Ava Nguyen from 9MAT1?' });
    expect(dialog).toHaveTextContent('Their work stays');
    expect(dialog).toHaveTextContent('owed back as a refund');
    expect(seen.some((r) => r.path.includes('/withdraw/'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST' && r.path.endsWith('/withdraw/'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why when the server refuses', async () => {
    stubFetch({
      'POST /api/v1/class-management/classes/4/students/31/withdraw/': {
        status: 404,
        body: { code: 'not_found', detail: 'That student is not in this class.' },
      },
    });
    const { user } = renderWithProviders(<WithdrawStudentButton classId={4} classTitle="9MAT1" student={student} />);
    await user.click(screen.getByRole('button', { name: 'Withdraw Ava Nguyen' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('That student is not in this class.')).toBeInTheDocument();
  });
});
