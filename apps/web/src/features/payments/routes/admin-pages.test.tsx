import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const staff = makeMe({
  user: { id: 5, email: 'content@banksia.test', first_name: 'Sam', last_name: 'Okafor', display_name: 'Sam Okafor' },
  roles: ['content_admin'],
});
const session = { 'GET /api/v1/auth/session/': { status: 200, body: { me: staff } } };

const school = {
  school_id: 7,
  school_name: 'Banksia Demo High School',
  calendar_year: 2026,
  currency: 'AUD',
  prices: { STANDARD: null, EXTENDED: null, EXTENDED_TEXTBOOK: 45_000 },
  due_date: '2026-03-31',
  locks_unpaid: true,
  note: '',
  paying_students: 32,
  locked_students: 1,
  updated_at: '2026-03-02T09:00:00.000Z',
};

describe('school-class product editor', () => {
  it('lists each school with its prices in dollars and due date', async () => {
    stubFetch({
      ...session,
      'GET /api/v1/payments/products/2026/': { status: 200, body: { calendar_year: 2026, schools: [school] } },
    });
    renderApp('/content/admin/school-class-product-editor/2026/');
    const row = await screen.findByRole('row', { name: /Banksia Demo High School/ });
    expect(within(row).getByText('$450.00')).toBeInTheDocument();
    expect(within(row).getByText('31/03/2026')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Banksia Demo High School' })).toHaveAttribute(
      'href',
      '/content/admin/school-class-product-editor/2026/7/',
    );
  });

  it('sends dollars as integer cents, an empty price as free, and says what saving posted', async () => {
    const seen = stubFetch({
      ...session,
      'GET /api/v1/payments/products/2026/7/': { status: 200, body: school },
      'PUT /api/v1/payments/products/2026/7/': {
        status: 200,
        body: {
          ...school,
          prices: { STANDARD: 12_050, EXTENDED: null, EXTENDED_TEXTBOOK: 45_000 },
          sync: { charged: 3, credited: 0, queued: false, locked: 0, released: 0 },
        },
      },
    });
    const { user } = renderApp('/content/admin/school-class-product-editor/2026/7/');
    const standard = await screen.findByLabelText('Standard');
    await user.type(standard, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Enter dollars and cents, e.g. 120.00.')).toBeInTheDocument();
    expect(apiCalls(seen).filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(standard);
    await user.type(standard, '$120.5');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText(/3 charges and 0 credits posted/)).toBeInTheDocument();
    const put = apiCalls(seen).find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({
      currency: 'AUD',
      prices: { STANDARD: 12_050, EXTENDED: null, EXTENDED_TEXTBOOK: 45_000 },
      due_date: '2026-03-31',
      locks_unpaid: true,
      note: '',
    });
  });
});

const run = (createdBy: number, status: string) => ({
  id: 3,
  calendar_year: 2026,
  status,
  created_by: createdBy,
  created_by_name: 'Sam Okafor',
  created_at: '2026-03-02T09:00:00.000Z',
  approved_by: null,
  approved_by_name: null,
  approved_at: null,
  sent_at: null,
  totals: [{ currency: 'AUD', amount_cents: 8_000 }],
  refunds: [
    {
      id: 9,
      profile_id: 40,
      school_name: 'Banksia Demo High School',
      student_name: 'Hamish Fraser',
      checkout_session_id: 'cs_test_1',
      amount_cents: 8_000,
      currency: 'AUD',
      status: 'draft',
      failure_reason: null,
    },
  ],
});

describe('refund runs', () => {
  const list = (r: object) => ({
    status: 200,
    body: { calendar_year: 2026, available: { students: 0, totals: [] }, runs: [r] },
  });

  it('does not offer its creator the approval of a draft run', async () => {
    stubFetch({ ...session, 'GET /api/v1/payments/refund-runs/year/2026/': list(run(5, 'draft')) });
    renderApp('/content/admin/refund-processes/2026/');
    const card = await screen.findByRole('region', { name: /Refund run #3/ });
    expect(within(card).getByText('Someone else must approve this run: you created it.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('row', { name: /Hamish Fraser/ })).toHaveTextContent('$80.00');
  });

  it('lets a second person approve it', async () => {
    const seen = stubFetch({
      ...session,
      'GET /api/v1/payments/refund-runs/year/2026/': list(run(6, 'draft')),
      'POST /api/v1/payments/refund-runs/3/approve/': { status: 200, body: run(6, 'approved') },
    });
    const { user } = renderApp('/content/admin/refund-processes/2026/');
    await user.click(await screen.findByRole('button', { name: 'Approve run #3' }));
    await waitFor(() =>
      expect(apiCalls(seen).some((r) => r.method === 'POST' && r.path.endsWith('/3/approve/'))).toBe(true),
    );
  });
});
