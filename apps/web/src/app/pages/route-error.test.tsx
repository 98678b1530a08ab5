import { FailureReason } from '@banksia/contracts/errors';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RequestFailure } from '../../components/request-failure';
import { reportError } from '../../lib/error-reporting';
import { stubFetch } from '../../test/fetch-stub';
import { AppProviders } from '../providers';
import { createQueryClient } from '../query-client';
import { RouteError } from './route-error';

vi.mock('../../lib/error-reporting', () => ({ reportError: vi.fn() }));

function renderThrowing(error: unknown) {
  const Broken = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => {
  vi.mocked(reportError).mockClear();
  stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: null } } });
  // React logs the caught render error; the test is about what the page shows.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RouteError', () => {
  it('shows the 500 page for a render error and reports it', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'title')");
    renderThrowing(bug);

    expect(await screen.findByRole('heading', { level: 1, name: 'Server error' })).toBeInTheDocument();
    expect(
      screen.getByText("Yikes! There was a problem on our end. Don't worry, we'll fix it as soon as we can."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledWith(bug, { source: 'router' });
  });

  it('shows the failure page of a failed request without reporting it again', async () => {
    renderThrowing(new RequestFailure(FailureReason.UNAUTHORIZED_ERROR, 403, null));

    expect(await screen.findByRole('heading', { level: 1, name: 'What are you doing here?' })).toBeInTheDocument();
    expect(reportError).not.toHaveBeenCalled();
  });
});
