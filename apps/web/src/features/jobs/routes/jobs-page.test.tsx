import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const staff = makeMe({ roles: ['content_admin'] });
const JOB = '3f1c9a52-0d7e-4b8a-9a57-1b2c3d4e5f60';

describe('background jobs page', () => {
  it('shows the queues and the failed jobs, and retries one', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
      'GET /api/v1/admin/jobs/': {
        status: 200,
        body: {
          queues: [{ name: 'mail-send', queued: 2, active: 0, failed: 1, dead_letters: 1 }],
          failed_jobs: [
            {
              id: JOB,
              queue: 'mail-send',
              error: '550 Mailbox unavailable for [email]',
              payload: { outboxId: 4 },
              failed_at: '2026-03-02T09:00:00.000Z',
            },
          ],
        },
      },
      [`POST /api/v1/admin/jobs/${JOB}/retry/`]: { status: 200, body: { id: 'new' } },
    });
    const { user } = renderApp('/content/admin/jobs/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Background jobs' })).toBeInTheDocument();
    const queue = await screen.findByRole('row', { name: /mail-send 2 0 1 1/ });
    expect(queue).toBeInTheDocument();
    const failed = screen.getByRole('row', { name: /550 Mailbox unavailable/ });
    expect(within(failed).getByText(/"outboxId": 4/)).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: /Retry the mail-send job/ }));
    await waitFor(() =>
      expect(apiCalls(seen).some((r) => r.method === 'POST' && r.path === `/api/v1/admin/jobs/${JOB}/retry/`)).toBe(
        true,
      ),
    );
  });
});
