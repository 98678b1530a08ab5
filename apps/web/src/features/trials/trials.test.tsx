import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../test/fetch-stub';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { defaultTrialExpiry } from './components/trial-fields';

// jsdom has no layout: the select's list scrolls its chosen option into view.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});

const staff = makeMe({ roles: ['content_admin'] });
const session = { 'GET /api/v1/auth/session/': { status: 200, body: { me: staff } } };

const trial = (id: number, title: string, over: Record<string, unknown> = {}) => ({
  id,
  title,
  class_type: 'ST',
  school_id: 1,
  school_name: 'Gumtree High',
  course_id: 2,
  course_title: 'Year 9 Mathematics',
  calendar_year: 2026,
  expiration_date: '2026-12-31',
  expired: false,
  activation_link: null,
  teachers: [],
  student_count: 0,
  trial_account_count: 0,
  created_at: '2026-03-02T09:00:00Z',
  ...over,
});

describe('trial expiry default', () => {
  it.each([
    ['2026-03-02T09:00:00Z', 'Australia/Sydney', '2026-04-01'],
    // 01:30 on 1 June in Sydney is still 31 May in UTC: the date is counted from Sydney's day.
    ['2026-05-31T15:30:00Z', 'Australia/Sydney', '2026-07-01'],
    // 23:30 on 31 May in Perth.
    ['2026-05-31T15:30:00Z', 'Australia/Perth', '2026-06-30'],
  ])('is 30 days from %s in the time zone %s', (now, zone, date) => {
    expect(defaultTrialExpiry(new Date(now), zone)).toBe(date);
  });
});

describe('anonymous trial accounts', () => {
  it('offers only open student trials, makes a batch and shows it as cards', async () => {
    const seen = stubFetch({
      ...session,
      'GET /api/v1/admin/trials/?class_type=ST': {
        status: 200,
        body: {
          results: [
            trial(9, 'Open day'),
            trial(10, 'Last year', { expired: true, expiration_date: '2025-12-01' }),
            trial(11, 'Converted', { class_type: 'N', expiration_date: null }),
          ],
        },
      },
      'POST /api/v1/admin/trials/accounts/': {
        status: 201,
        body: {
          class_id: 9,
          class_title: 'Open day',
          expiration_date: '2026-12-31',
          sign_in_url: 'http://localhost/account/',
          accounts: [
            { user_id: 1, username: 'trial-aaaaaa', password: 'bbbbb-ccccc' },
            { user_id: 2, username: 'trial-dddddd', password: 'eeeee-fffff' },
            { user_id: 3, username: 'trial-gggggg', password: 'hhhhh-jjjjj' },
          ],
        },
      },
    });
    const { user } = renderApp('/content/admin/anon-trial-accounts/?class=9');
    const select = await screen.findByRole('combobox', { name: 'Student trial class' });
    expect(select).toHaveValue('Open day · Gumtree High');
    await user.click(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Open day · Gumtree High']);
    await user.keyboard('{Escape}');
    const count = screen.getByRole('textbox', { name: 'How many accounts' });
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'Make accounts' }));
    const cards = await screen.findByRole('list', { name: 'Sign-in cards for Open day' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards).getByText('trial-dddddd')).toBeInTheDocument();
    expect(within(cards).getAllByText('Works until 31/12/2026.')).toHaveLength(3);
    expect(apiCalls(seen).find((r) => r.method === 'POST')?.body).toEqual({ class_id: 9, count: 3 });
    expect(screen.getByRole('button', { name: 'Print cards' })).toBeInTheDocument();
  });

  it('says when no student trial is open', async () => {
    stubFetch({
      ...session,
      'GET /api/v1/admin/trials/?class_type=ST': { status: 200, body: { results: [] } },
    });
    renderApp('/content/admin/anon-trial-accounts/');
    expect(await screen.findByText(/No student trial class is open/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create one first' })).toHaveAttribute(
      'href',
      '/content/admin/anon-trial-classes/',
    );
  });
});

describe('set up a teacher trial', () => {
  it('checks the form before sending, naming each field', async () => {
    const seen = stubFetch({
      ...session,
      'GET /api/v1/admin/trials/?class_type=TT': {
        status: 200,
        body: { results: [trial(4, 'Sci trial', { class_type: 'TT', expired: true, expiration_date: '2026-01-31' })] },
      },
    });
    const { user } = renderApp('/content/admin/setup-teacher-trial/');
    expect(await screen.findByText('Ended 31/01/2026 (read-only)')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Teacher’s email/ }), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Set up the trial' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.method === 'POST')).toBe(false);
  });
});
