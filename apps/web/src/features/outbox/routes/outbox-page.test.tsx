import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const staff = makeMe({ roles: ['content_admin'] });
const summary = {
  id: 4,
  school_id: 2,
  school_name: 'Wattle Park School',
  to: 'noor@example.test',
  subject: 'Choose your password for Banksia',
  template: 'password-invite',
  status: 'queued',
  attempts: 0,
  last_error: null,
  created_at: '2026-03-02T09:00:00.000Z',
  sent_at: null,
};

describe('email outbox', () => {
  it('lists messages, says when mail is not sent, and shows one in a sandboxed frame and as text', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
      'GET /api/v1/schools/': { status: 200, body: [] },
      'GET /api/v1/admin/outbox/': {
        status: 200,
        body: { count: 1, page: 1, page_size: 50, smtp_configured: false, results: [summary] },
      },
      'GET /api/v1/admin/outbox/4/': {
        status: 200,
        body: {
          ...summary,
          html: '<p>Hello <strong>Noor</strong></p><script>parent.pwned = true</script>',
          text: 'Hello Noor\n\nhttp://localhost:3000/account/set-password/x/',
          message_id: null,
        },
      },
    });
    const { user } = renderApp('/content/admin/outbox/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email outbox' })).toBeInTheDocument();
    expect(await screen.findByText('Email is not being sent')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Choose your password/ });
    expect(within(row).getByText('noor@example.test')).toBeInTheDocument();
    expect(within(row).getByText('Queued')).toBeInTheDocument();

    await user.click(within(row).getByRole('link', { name: 'Choose your password for Banksia' }));
    const frame = await screen.findByTitle('The email: Choose your password for Banksia');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<strong>Noor</strong>');
    await user.click(screen.getByRole('tab', { name: 'Plain text' }));
    expect(await screen.findByText(/account\/set-password\/x\//)).toBeInTheDocument();
  });
});
