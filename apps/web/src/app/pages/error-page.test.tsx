import { httpErrorMessages, httpErrorTitles, unknownHttpError } from '@banksia/contracts/errors';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ErrorPage } from './error-page';

beforeEach(() => {
  stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: null } } });
});

// The spec's messages, written out so a change to the catalogue has to be deliberate (spec §8).
const expected: [number, string][] = [
  [
    400,
    "Uh oh! It looks like there was a problem with your request. Don't worry, just try again and everything should work out.",
  ],
  [401, "Whoops! You need to log in before you can access this resource. Log in and you'll be good to go."],
  [
    403,
    "Sorry, but you don't have permission to access this page. If you think there's been a mistake, ask someone for help.",
  ],
  [
    404,
    "Oops! We couldn't find the page you're looking for. Try double-checking the address (URL) and see if that helps.",
  ],
  [500, "Yikes! There was a problem on our end. Don't worry, we'll fix it as soon as we can."],
  [
    502,
    "Hmm, it looks like there was a problem connecting to the server. Don't worry, just give it a few minutes and try again.",
  ],
  [503, 'Whoops! The server is busy right now. Try again in a little bit and you should be able to access the page.'],
];

describe('ErrorPage', () => {
  it.each(expected)('shows the title and message for %i', async (status, message) => {
    expect(httpErrorMessages[status]).toBe(message);
    renderWithProviders(<ErrorPage status={status} />);
    expect(await screen.findByRole('heading', { level: 1, name: httpErrorTitles[status] })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeInTheDocument();
  });

  it.each([418, 504, 0])('shows the unknown-error title and message for %i', async (status) => {
    renderWithProviders(<ErrorPage status={status} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Uh oh, something went wrong!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Don't worry, just try refreshing the page or asking someone for help. We'll fix it as soon as we can.",
      ),
    ).toBeInTheDocument();
    expect(unknownHttpError.title).toBe('Uh oh, something went wrong!');
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeInTheDocument();
  });

  it('offers to sign in on 401, coming back to the same page', async () => {
    renderWithProviders(<ErrorPage status={401} />, { path: '/account/profile/' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/account/?next=%2Faccount%2Fprofile%2F',
    );
  });
});
