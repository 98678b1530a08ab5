import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const CODE = 'AcxrZXcK9vQ27-7PVS7UavZz-WhfvABZ';
const CS = 'cs_test_abcdefghijklmnop';
const summary = {
  code: CODE,
  calendar_year: 2026,
  first_name: 'Ava',
  school_name: 'Banksia Demo High School',
  currency: 'AUD',
  classes: [{ class_name: '9MAT1', amount_cents: 45_000 }],
  total_cents: 45_000,
  owing_cents: 45_000,
  paid_cents: 0,
};

describe('payment pages', () => {
  it('shows a payment link signed out: the fees and a pay button', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
      [`GET /api/v1/payments/links/${CODE}/`]: { status: 200, body: summary },
    });
    renderApp(`/payment/${CODE}/?canceled=1`);
    expect(await screen.findByRole('heading', { level: 2, name: "Ava's class fees" })).toBeInTheDocument();
    const fees = screen.getByRole('table', { name: 'Class fees 2026' });
    expect(within(fees).getByRole('row', { name: /9MAT1 \$450\.00/ })).toBeInTheDocument();
    expect(within(fees).getByRole('row', { name: /Still to pay \$450\.00/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $450.00' })).toBeInTheDocument();
    expect(screen.getByText('Payment cancelled')).toBeInTheDocument();
  });

  it('tells the fulfilment page the payment is in once the webhook has fulfilled it', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
      [`GET /api/v1/payments/links/${CODE}/checkout/`]: {
        status: 200,
        body: { state: 'paid', first_name: 'Ava', currency: 'AUD', amount_cents: 45_000, owing_cents: 0 },
      },
    });
    renderApp(`/fulfilment/?paymentLinkCode=${CODE}`);
    expect(await screen.findByText('Payment received — your classes are open')).toBeInTheDocument();
  });

  it('says an expired checkout left the fees owing, with a way back', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
      [`GET /api/v1/payments/links/${CODE}/checkout/`]: {
        status: 200,
        body: { state: 'expired', first_name: 'Ava', currency: 'AUD', amount_cents: 45_000, owing_cents: 45_000 },
      },
    });
    renderApp(`/fulfilment/?paymentLinkCode=${CODE}`);
    expect(await screen.findByText('This checkout expired before it was paid')).toBeInTheDocument();
    expect(screen.getByText(/\$450\.00 is still owed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the fees' })).toHaveAttribute('href', `/payment/${CODE}/`);
  });

  it('lists a failed fulfilment for staff, with its error, and retries it', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: makeMe({ roles: ['content_admin'] }) } },
      'GET /api/v1/payments/fulfilment-review/': {
        status: 200,
        body: {
          results: [
            {
              checkout_session_id: CS,
              provider: 'test',
              school_name: 'Banksia Demo High School',
              student_name: 'Ava Nguyen',
              calendar_year: 2026,
              amount_cents: 45_000,
              currency: 'AUD',
              payment_status: 'paid',
              fulfilment: 'failed',
              fulfilment_error: 'ledger is down for maintenance',
              fulfilment_attempts: 1,
              completed_at: '2026-03-02T09:00:00.000Z',
            },
          ],
        },
      },
      [`POST /api/v1/payments/fulfilment-review/${CS}/retry/`]: {
        status: 200,
        body: { fulfilment: 'fulfilled', error: null },
      },
    });
    const { user } = renderApp('/content/admin/fulfilment-review/');
    const row = await screen.findByRole('row', { name: /Ava Nguyen/ });
    expect(within(row).getByText('ledger is down for maintenance')).toBeInTheDocument();
    expect(within(row).getByText('$450.00')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: "Retry the fulfilment of Ava Nguyen's payment" }));
    await waitFor(() =>
      expect(
        apiCalls(seen).some((r) => r.method === 'POST' && r.path === `/api/v1/payments/fulfilment-review/${CS}/retry/`),
      ).toBe(true),
    );
  });
});
