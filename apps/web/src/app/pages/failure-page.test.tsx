import { FailureReason } from '@banksia/contracts/errors';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { FailurePage } from './failure-page';

beforeEach(() => {
  stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: null } } });
});

describe('FailurePage', () => {
  it('tells an unauthorised visitor the resources are not meant for them', async () => {
    renderWithProviders(<FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'What are you doing here?' })).toBeInTheDocument();
    expect(screen.getByText(/These resources are not meant for you/)).toBeInTheDocument();
  });

  it('says the resources cannot be found and links to the homepage', async () => {
    renderWithProviders(<FailurePage reason={FailureReason.NOT_FOUND_ERROR} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: "We can't find the resources you're looking for" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  });

  it('mentions the internet connection on a network error', async () => {
    renderWithProviders(<FailurePage reason={FailureReason.NETWORK_ERROR} />);
    expect(await screen.findByText(/problem with your internet connection/)).toBeInTheDocument();
  });

  it.each([FailureReason.SYSTEM_ERROR, FailureReason.GATEWAY_TIMEOUT, FailureReason.BAD_REQUEST])(
    'shows the fiddlesticks page for %s',
    async (reason) => {
      renderWithProviders(<FailurePage reason={reason} />);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Oh fiddlesticks! Something has gone horribly wrong' }),
      ).toBeInTheDocument();
    },
  );

  it("shows a precondition's own message (a reason outside the catalogue) under the fiddlesticks title", async () => {
    renderWithProviders(<FailurePage reason="This exam is locked by your teacher." />);
    expect(await screen.findByText('This exam is locked by your teacher.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oh fiddlesticks!');
  });

  it.each(Object.values(FailureReason))(
    'offers Contact support, which opens the support dialog (%s)',
    async (reason) => {
      const { user } = renderWithProviders(<FailurePage reason={reason} />);
      await user.click(await screen.findByRole('button', { name: 'Contact support' }));
      expect(await screen.findByRole('dialog', { name: 'Contact support' })).toBeInTheDocument();
    },
  );
});
