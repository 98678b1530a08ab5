import type { WelcomeStep } from '@banksia/contracts/welcome-emails';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { whenLabel } from './components/step-editor';
import { groupSteps } from './routes/welcome-emails-page';

const staff = makeMe({ roles: ['content_admin'] });
const session = { 'GET /api/v1/auth/session/': { status: 200, body: { me: staff } } };
const step = (id: number, over: Partial<WelcomeStep> = {}): WelcomeStep => ({
  id,
  role: 'teacher',
  class_type: 'TT',
  days_after: 2,
  subject: `Email ${id}`,
  body: 'Hello {{first_name}}',
  stop_when: 'added_students',
  is_active: true,
  sent_count: 0,
  updated_at: '2026-03-02T09:00:00Z',
  ...over,
});

describe('welcome series', () => {
  it('groups teachers before students, by class type then day', () => {
    const groups = groupSteps([
      step(1, { role: 'student', class_type: 'ST' }),
      step(2, { class_type: 'TT', days_after: 10 }),
      step(3, { class_type: 'N', days_after: 1 }),
      step(4, { class_type: 'TT', days_after: 2 }),
    ]);
    expect(groups.map((g) => [g.role, g.steps.map((s) => s.id)])).toEqual([
      ['teacher', [3, 4, 2]],
      ['student', [1]],
    ]);
  });

  it.each([
    [0, 'On the day they join'],
    [1, '1 day after they join'],
    [5, '5 days after they join'],
  ])('says when an email of day %i goes', (days, label) => {
    expect(whenLabel(days)).toBe(label);
  });

  it('lists the series, and edits an email with its preview', async () => {
    const seen = stubFetch({
      ...session,
      'GET /api/v1/admin/welcome-emails/': { status: 200, body: { results: [step(1, { sent_count: 4 })] } },
      'GET /api/v1/admin/welcome-emails/log/?page=1': {
        status: 200,
        body: { results: [], count: 0, page: 1, page_size: 50 },
      },
      'POST /api/v1/admin/welcome-emails/preview/': (request) => {
        const body = request.body as { subject: string };
        return new Response(
          JSON.stringify({ subject: body.subject.replace('{{first_name}}', 'Alex'), html: '<p>Hi</p>', text: 'Hi' }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const { user } = renderApp('/content/admin/welcome-emails/');
    const region = await screen.findByRole('region', { name: 'To teachers' });
    const row = within(region).getByRole('row', { name: /Email 1/ });
    expect(row).toHaveTextContent('2 days after they join');
    expect(row).toHaveTextContent('Has students in a class they teach');
    expect(screen.getByText('Nothing has been sent yet.')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Email 1' }));
    expect(await screen.findByTitle('Email preview')).toHaveAttribute('sandbox', '');
    const subject = screen.getByRole('textbox', { name: /Subject/ });
    await user.clear(subject);
    await user.type(subject, 'Hi {{{{first_name}}');
    expect(await screen.findByText('Hi Alex', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(seen.filter((r) => r.path === '/api/v1/admin/welcome-emails/preview/').length).toBeGreaterThan(0);
  });
});
